-- Each student their own exam (issue 36, decision 040): a room's questions in
-- sections ("pick N from" a category, or from a hand-picked list), each
-- student's draw stored with their test (test_draws: the questions in the
-- order shown, and each MCQ question's option order), and a room's
-- shuffle_options. Backfill: every room gets one section whose list is its
-- room_questions (an MCQ room picks all of them, a coding room 2 of them in its
-- language), so it shows exactly as before; tests already started are marked
-- legacy_draw, and their draw is written on first read from the computation
-- they had (SHA-256, which SQL cannot do). No statement binds a parameter.
CREATE TABLE `room_section_questions` (
	`section_id` text NOT NULL,
	`question_id` text NOT NULL,
	PRIMARY KEY(`section_id`, `question_id`),
	FOREIGN KEY (`section_id`) REFERENCES `room_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `room_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`position` integer NOT NULL,
	`pick` integer NOT NULL,
	`category` text,
	FOREIGN KEY (`room_id`) REFERENCES `test_rooms`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_sections_room_position_uq` ON `room_sections` (`room_id`,`position`);--> statement-breakpoint
CREATE TABLE `test_draws` (
	`student_test_id` text NOT NULL,
	`position` integer NOT NULL,
	`question_id` text NOT NULL,
	`section_id` text,
	`option_order` text,
	PRIMARY KEY(`student_test_id`, `position`),
	FOREIGN KEY (`student_test_id`) REFERENCES `student_tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `room_sections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_draws_test_question_uq` ON `test_draws` (`student_test_id`,`question_id`);--> statement-breakpoint
ALTER TABLE `student_tests` ADD `legacy_draw` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `shuffle_options` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `student_tests` SET `legacy_draw` = 1;--> statement-breakpoint
INSERT INTO `room_sections` (`id`, `room_id`, `position`, `pick`, `category`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
	r.`id`, 0,
	CASE WHEN r.`question_type` = 'mcq'
		THEN (SELECT count(*) FROM `room_questions` rq JOIN `questions` q ON q.`id` = rq.`question_id` WHERE rq.`room_id` = r.`id` AND q.`type` = 'mcq')
		ELSE 2 END,
	NULL
FROM `test_rooms` r;--> statement-breakpoint
INSERT INTO `room_section_questions` (`section_id`, `question_id`)
SELECT s.`id`, rq.`question_id` FROM `room_sections` s JOIN `room_questions` rq ON rq.`room_id` = s.`room_id`;
