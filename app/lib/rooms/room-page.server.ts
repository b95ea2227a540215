// What the room page (app/routes/admin.room.$roomId.tsx) shows: the room, its
// participants, the grid and its LMS courses. Its parts take their types from
// here, so no component imports the route.
import { releaseView } from "~/lib/results/release";
import type { Db } from "~/lib/d1/db.server";
import { notLaunchedStudents, rosterCourses } from "~/lib/lti/roster.server";
import { roomGrid } from "~/lib/monitor/monitor.server";
import { timeTrail } from "~/lib/student-tests/student-time.server";
import { categoryCounts, roomDetail } from "./rooms.server";
import { roomSectionsOf } from "./draws.server";
import { sebTrail, sebView } from "~/lib/seb/seb.server";

/**
 * The room page's data, or null when the room does not exist. `bank`: whether the viewer may see the question bank (administrators only,
 * decision 025). A course instructor gets no listing of it and no Change
 * Questions.
 */
export async function roomPageData(db: Db, env: Env, roomId: string, { bank }: { bank: boolean }) {
  const detail = await roomDetail(db, env, roomId, { bank });
  if (!detail) return null;
  const [categories, grid, courses, notLaunched, timeChanges, sections, seb, sebChanges] = await Promise.all([
    categoryCounts(db),
    roomGrid(db, env, detail.room.id),
    rosterCourses(db, detail.room.id),
    notLaunchedStudents(db, detail.room.id),
    timeTrail(db, detail.room.id),
    roomSectionsOf(db, detail.room.id),
    sebView(env, detail.room),
    sebTrail(db, detail.room.id),
  ]);
  const { room } = detail;
  return {
    ...detail,
    categories: categories.map((c) => c.name),
    canChangeQuestions: bank,
    // The sections editor (decision 040): each section's pick and its category or list; the bank's counts per category.
    sections: sections.map((s) => ({ pick: s.pick, category: s.category, questionIds: s.questionIds })),
    categoryCounts: bank ? categories : [],
    grid,
    timeChanges,
    // LMS courses this room is in (decision 025): their roster can be synced, and who has not launched yet shows.
    lms: courses.length ? { courses: courses.map((c) => c.title), notLaunched: [...notLaunched] } : null,
    room: {
      id: room.id,
      roomName: room.roomName,
      category: room.category,
      questionType: room.questionType,
      language: room.language,
      durationMinutes: room.durationMinutes,
      isActive: room.isActive,
      isEnabled: room.isEnabled,
      startedAt: room.startedAt?.getTime() ?? null,
      endsAt: room.endsAt?.getTime() ?? null,
      scheduledAt: room.scheduledAt?.getTime() ?? null,
      scheduleError: room.scheduleError,
      otp: room.otp,
      otpExpiresAt: room.otpExpiresAt?.getTime() ?? null,
      unlockCode: room.unlockCode,
      shuffleOptions: room.shuffleOptions,
    },
    /** Safe Exam Browser (decision 042): the settings, the Config Key and links, and who was allowed without it. */
    seb,
    sebChanges,
    /** When students see their results (decision 041). */
    release: releaseView(room),
    serverNow: Date.now(),
  };
}

export type RoomPageData = NonNullable<Awaited<ReturnType<typeof roomPageData>>>;
