-- Rejudge with a preview (issue 35, decision 039): a rejudge of a room's final
-- submissions (the whole room, or one question), one open per room (a partial
-- unique index), and its items: each submission's result before and after.
-- submissions.judged_at: when the runner last judged a result (null: when submitted);
-- submissions.evaluated_at: when an admin set it by hand (a rejudge keeps it).
CREATE TABLE `rejudge_items` (
	`id` text PRIMARY KEY NOT NULL,
	`rejudge_id` text NOT NULL,
	`student_test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`submission_id` text NOT NULL,
	`submitted_at` integer NOT NULL,
	`old_passed_ids` text NOT NULL,
	`new_passed_ids` text,
	`old_marks` integer NOT NULL,
	`new_marks` integer,
	`old_score` integer NOT NULL,
	`new_score` integer,
	`new_cases_total` integer,
	`old_test_score` integer NOT NULL,
	`new_test_score` integer,
	`changed` integer DEFAULT false NOT NULL,
	`override_kept` integer DEFAULT false NOT NULL,
	`judged_at` integer,
	FOREIGN KEY (`rejudge_id`) REFERENCES `rejudges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rejudge_items_rejudge_idx` ON `rejudge_items` (`rejudge_id`,`judged_at`);--> statement-breakpoint
CREATE INDEX `rejudge_items_test_idx` ON `rejudge_items` (`student_test_id`);--> statement-breakpoint
CREATE INDEX `rejudge_items_submission_idx` ON `rejudge_items` (`submission_id`);--> statement-breakpoint
CREATE TABLE `rejudges` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`question_id` text,
	`question_title` text,
	`created_by` text,
	`created_by_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`state` text DEFAULT 'previewing' NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`students` integer DEFAULT 0 NOT NULL,
	`changed` integer DEFAULT 0 NOT NULL,
	`error` text,
	`applied_at` integer,
	`applied_by_name` text,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rejudges_room_idx` ON `rejudges` (`room_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `rejudges_one_open_uq` ON `rejudges` (`room_id`) WHERE state in ('previewing', 'ready', 'applying');--> statement-breakpoint
ALTER TABLE `submissions` ADD `judged_at` integer;--> statement-breakpoint
ALTER TABLE `submissions` ADD `evaluated_at` integer;