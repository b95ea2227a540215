-- Similarity in the background (issue 39, decision 043): an analysis runs in
-- the room's Durable Object, a slice of pairs per alarm. similarity_jobs is the
-- running one per question (its progress, or why it failed); each pair carries
-- the run that found it, and the page shows only the run of similarity_runs,
-- which may have been stopped part-way (pairs_done of pairs_total). Analyses
-- made before this migration become runs of their own, with their pairs.
CREATE TABLE `similarity_jobs` (
	`room_id` text NOT NULL,
	`question_id` text NOT NULL,
	`run_id` text NOT NULL,
	`state` text DEFAULT 'running' NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`total` integer,
	`earlier` integer DEFAULT false NOT NULL,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`error` text,
	PRIMARY KEY(`room_id`, `question_id`),
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `similarity_pairs` ADD `run_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `similarity_pairs_run_idx` ON `similarity_pairs` (`run_id`,`similarity`);--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `run_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `state` text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `pairs_done` integer;--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `pairs_total` integer;--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `notes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `similarity_runs` ADD `earlier` text;--> statement-breakpoint
UPDATE `similarity_runs` SET `run_id` = lower(hex(randomblob(16)));--> statement-breakpoint
UPDATE `similarity_pairs` SET `run_id` = (
	SELECT r.`run_id` FROM `similarity_runs` r WHERE r.`room_id` = `similarity_pairs`.`room_id` AND r.`question_id` = `similarity_pairs`.`question_id`
) WHERE EXISTS (
	SELECT 1 FROM `similarity_runs` r WHERE r.`room_id` = `similarity_pairs`.`room_id` AND r.`question_id` = `similarity_pairs`.`question_id`
);