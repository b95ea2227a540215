-- Per-question grading (issue 35, decision 038): a time limit (CPU ms per case),
-- a memory limit (MB) and an output checker (JSON, contracts/runner.ts CheckerSchema);
-- null is the runner's default and the exact check, so no existing result changes.
-- grading_changed_at: when the cases, points, limits or checker last changed.
ALTER TABLE `questions` ADD `time_limit_ms` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `memory_limit_mb` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `checker` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `grading_changed_at` integer;