CREATE TABLE `question_import_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`import_id` text NOT NULL,
	`item_position` integer NOT NULL,
	`input` text NOT NULL,
	`expected_output` text NOT NULL,
	`points` integer NOT NULL,
	`is_hidden` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `question_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `question_import_cases_item_idx` ON `question_import_cases` (`import_id`,`item_position`);--> statement-breakpoint
CREATE TABLE `question_import_items` (
	`import_id` text NOT NULL,
	`position` integer NOT NULL,
	`target_id` text NOT NULL,
	`replace` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`language` text NOT NULL,
	`category` text NOT NULL,
	`difficulty` text NOT NULL,
	`type` text NOT NULL,
	`mcq_options` text,
	`correct_answer` text,
	PRIMARY KEY(`import_id`, `position`),
	FOREIGN KEY (`import_id`) REFERENCES `question_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `question_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`file_name` text NOT NULL,
	`question_count` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
