ALTER TABLE `test_rooms` ADD `scheduled_at` integer;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `schedule_error` text;