CREATE TABLE `journal_packs` (
	`student_test_id` text NOT NULL,
	`id` text NOT NULL,
	`entries` text NOT NULL,
	`entry_count` integer NOT NULL,
	`first_received_at` integer NOT NULL,
	`last_received_at` integer NOT NULL,
	PRIMARY KEY(`student_test_id`, `id`),
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
