CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_user_idx` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `evaluation_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluation_requests_student_test_id_unique` ON `evaluation_requests` (`student_test_id`);--> statement-breakpoint
CREATE INDEX `evaluation_requests_status_idx` ON `evaluation_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `journal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`client_created_at` integer NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`synced_after_end` integer DEFAULT false NOT NULL,
	`outcome` text DEFAULT 'accepted' NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `journal_entries_test_seq_idx` ON `journal_entries` (`student_test_id`,`seq`);--> statement-breakpoint
CREATE TABLE `live_code_progress` (
	`student_test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`last_updated` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`student_test_id`, `question_id`),
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `participant_disconnects` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participant_disconnects_room_student_idx` ON `participant_disconnects` (`room_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `practice_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`practice_room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`practice_room_id`) REFERENCES `practice_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practice_participants_room_student_uq` ON `practice_participants` (`practice_room_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `practice_rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`room_name` text NOT NULL,
	`otp` text,
	`otp_expires_at` integer,
	`category` text NOT NULL,
	`created_by` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `practice_rooms_otp_idx` ON `practice_rooms` (`otp`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'python' NOT NULL,
	`category` text DEFAULT 'General' NOT NULL,
	`difficulty` text DEFAULT 'medium' NOT NULL,
	`type` text DEFAULT 'coding' NOT NULL,
	`mcq_options` text,
	`correct_answer` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `questions_type_language_idx` ON `questions` (`type`,`language`);--> statement-breakpoint
CREATE INDEX `questions_category_type_idx` ON `questions` (`category`,`type`);--> statement-breakpoint
CREATE TABLE `room_participants` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`category` text DEFAULT 'General' NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_participants_room_student_uq` ON `room_participants` (`room_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `room_participants_student_idx` ON `room_participants` (`student_id`);--> statement-breakpoint
CREATE TABLE `room_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`question_id` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_questions_room_question_uq` ON `room_questions` (`room_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_token_unique` ON `session` (`token`);--> statement-breakpoint
CREATE INDEX `session_user_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE TABLE `student_tests` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`student_id` text NOT NULL,
	`total_score` integer DEFAULT 0 NOT NULL,
	`max_score` integer DEFAULT 100 NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`is_disqualified` integer DEFAULT false NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`tab_switch_count` integer DEFAULT 0 NOT NULL,
	`unlock_attempts_remaining` integer DEFAULT 3 NOT NULL,
	`is_locked` integer DEFAULT false NOT NULL,
	`extra_minutes` integer DEFAULT 0 NOT NULL,
	`synced_after_end` integer DEFAULT false NOT NULL,
	`submitted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`admin_override_status` text,
	`admin_override_score` integer,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`student_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_tests_room_student_uq` ON `student_tests` (`room_id`,`student_id`);--> statement-breakpoint
CREATE INDEX `student_tests_student_idx` ON `student_tests` (`student_id`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`question_title` text DEFAULT '' NOT NULL,
	`code` text DEFAULT '' NOT NULL,
	`language` text NOT NULL,
	`test_cases_passed` integer DEFAULT 0 NOT NULL,
	`test_cases_total` integer DEFAULT 0 NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`marks_obtained` integer DEFAULT 0 NOT NULL,
	`passed_test_case_ids` text DEFAULT '[]' NOT NULL,
	`submitted_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_test_question_uq` ON `submissions` (`student_test_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `test_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`input` text NOT NULL,
	`expected_output` text NOT NULL,
	`points` integer DEFAULT 10 NOT NULL,
	`is_hidden` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_cases_question_idx` ON `test_cases` (`question_id`,`position`);--> statement-breakpoint
CREATE TABLE `test_rooms` (
	`id` text PRIMARY KEY NOT NULL,
	`room_name` text NOT NULL,
	`category` text DEFAULT 'General' NOT NULL,
	`otp` text,
	`otp_expires_at` integer,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`created_by` text NOT NULL,
	`question_type` text NOT NULL,
	`language` text DEFAULT 'python' NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`is_enabled` integer DEFAULT false NOT NULL,
	`started_at` integer,
	`ends_at` integer,
	`unlock_code` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `test_rooms_otp_idx` ON `test_rooms` (`otp`);--> statement-breakpoint
CREATE INDEX `test_rooms_created_idx` ON `test_rooms` (`created_at`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (`email`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_identifier_idx` ON `verification` (`identifier`);