CREATE TABLE `code_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`passed` integer NOT NULL,
	`total` integer NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `code_runs_test_at_idx` ON `code_runs` (`student_test_id`,`at`);