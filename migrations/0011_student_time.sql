CREATE TABLE `accommodations` (
	`user_id` text PRIMARY KEY NOT NULL,
	`unit` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `student_time_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_ms` integer NOT NULL,
	`unit` text,
	`amount` integer,
	`reason` text,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `student_time_changes_room_student_idx` ON `student_time_changes` (`room_id`,`student_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `participant_disconnects` ADD `credit_id` text REFERENCES student_time_changes(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `room_participants` ADD `extra_time_unit` text;--> statement-breakpoint
ALTER TABLE `room_participants` ADD `extra_time_amount` integer;--> statement-breakpoint
ALTER TABLE `room_participants` ADD `extra_time_reason` text;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `accommodation_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `accommodation_reason` text;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `extra_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `student_tests` ADD `credited_ms` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: the minutes granted so far become milliseconds (0012 drops extra_minutes).
UPDATE `student_tests` SET `extra_ms` = `extra_minutes` * 60000 WHERE `extra_minutes` <> 0;
