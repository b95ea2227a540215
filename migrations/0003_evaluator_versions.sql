CREATE TABLE `evaluator_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`code` text NOT NULL,
	`admin_id` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluator_versions_test_question_uq` ON `evaluator_versions` (`student_test_id`,`question_id`);