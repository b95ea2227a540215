CREATE TABLE `similarity_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`question_id` text NOT NULL,
	`members` text NOT NULL,
	`verdict` text NOT NULL,
	`note` text,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `similarity_decisions_room_idx` ON `similarity_decisions` (`room_id`,`question_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `similarity_pairs` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`question_id` text NOT NULL,
	`test_a` text NOT NULL,
	`test_b` text NOT NULL,
	`similarity` integer NOT NULL,
	`covered_a` integer NOT NULL,
	`covered_b` integer NOT NULL,
	`longest_fragment` integer NOT NULL,
	`fragments` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_a`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_b`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `similarity_pairs_question_idx` ON `similarity_pairs` (`room_id`,`question_id`,`similarity`);--> statement-breakpoint
CREATE TABLE `similarity_runs` (
	`room_id` text NOT NULL,
	`question_id` text NOT NULL,
	`input_hash` text NOT NULL,
	`submissions` integer NOT NULL,
	`skipped` text NOT NULL,
	`analysed_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	PRIMARY KEY(`room_id`, `question_id`),
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
