-- Safe Exam Browser (issue 38, decision 042): a room that requires SEB, its
-- allowed Browser Exam Keys, a per-student exemption (Allow without SEB), and
-- the trail of who gave or withdrew each exemption.
CREATE TABLE `seb_exemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`allowed` integer NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `seb_exemptions_room_student_idx` ON `seb_exemptions` (`room_id`,`student_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `room_participants` ADD `seb_exempt` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `seb_required` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `seb_browser_exam_keys` text DEFAULT '[]' NOT NULL;