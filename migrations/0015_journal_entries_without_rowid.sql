-- The journal's D1 entries (tab switches, unlocks, Submit Code, Finish and
-- refused entries) keyed by their id alone: WITHOUT ROWID, so an insert writes
-- the row and the (test, seq) index, not also a rowid table beside the id's
-- index (3 rows written per entry become 2; issue 26, decision 031).
CREATE TABLE `__new_journal_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`student_test_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`client_created_at` integer NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`synced_after_end` integer DEFAULT false NOT NULL,
	`outcome` text DEFAULT 'accepted' NOT NULL,
	`reason` text,
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_journal_entries` (`id`, `student_test_id`, `seq`, `kind`, `payload`, `client_created_at`, `received_at`, `synced_after_end`, `outcome`, `reason`)
SELECT `id`, `student_test_id`, `seq`, `kind`, `payload`, `client_created_at`, `received_at`, `synced_after_end`, `outcome`, `reason` FROM `journal_entries`;
--> statement-breakpoint
DROP TABLE `journal_entries`;
--> statement-breakpoint
ALTER TABLE `__new_journal_entries` RENAME TO `journal_entries`;
--> statement-breakpoint
CREATE INDEX `journal_entries_test_seq_idx` ON `journal_entries` (`student_test_id`,`seq`);
