CREATE TABLE `result_overrides` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`outcome` text NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`previous_status` text NOT NULL,
	`previous_score` integer NOT NULL,
	`previous_disqualified` integer NOT NULL,
	`previous_override` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `result_overrides_test_idx` ON `result_overrides` (`student_test_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `student_tests_created_idx` ON `student_tests` (`created_at`);