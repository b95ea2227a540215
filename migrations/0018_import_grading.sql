-- A staged import keeps each coding question's grading from the file (issue 35):
-- CodeRunner's cputimelimitsecs / memlimitmb, a problem package's limits,
-- validator_flags and output validator. Null: the runner's default and the exact check.
ALTER TABLE `question_import_items` ADD `time_limit_ms` integer;--> statement-breakpoint
ALTER TABLE `question_import_items` ADD `memory_limit_mb` integer;--> statement-breakpoint
ALTER TABLE `question_import_items` ADD `checker` text;