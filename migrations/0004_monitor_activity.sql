ALTER TABLE `student_tests` ADD `run_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `submit_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `open_cases_best` text DEFAULT '{}' NOT NULL;