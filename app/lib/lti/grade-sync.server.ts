import { DurableObject } from "cloudflare:workers";
import { createDb } from "~/lib/d1/db.server";
import { publish, roomEvents } from "~/lib/party.server";
import { postDueGrades, queueRoomGrades } from "./grades.server";

const ROOM = "room";

/**
 * One object per room that has LMS activities: it queues the room's changed
 * grades and posts them, one sync at a time, and retries failed posts with an
 * alarm, so a score reaches the LMS however long the LMS is down and however
 * many isolates changed results at once (decision 025). It never blocks a
 * student: the Worker asks it after answering, through waitUntil.
 */
export class LtiGradeSync extends DurableObject<Env> {
  private running: Promise<void> = Promise.resolve();
  private again = false;

  /** Results of the room changed: queue and post what differs. */
  async sync(roomId: string): Promise<void> {
    await this.ctx.storage.put(ROOM, roomId);
    if (this.again) return this.running;
    this.again = true;
    this.running = this.running.then(() => this.run(roomId));
    return this.running;
  }

  async alarm() {
    const roomId = await this.ctx.storage.get<string>(ROOM);
    if (roomId) await this.sync(roomId);
  }

  private async run(roomId: string) {
    this.again = false;
    const db = createDb(this.env.DB);
    try {
      await queueRoomGrades(db, roomId);
      const { next, tried } = await postDueGrades(this.env, db, roomId);
      // The results page's "LMS grade" column follows.
      if (tried > 0) this.ctx.waitUntil(publish(this.env, roomId, roomEvents.participantsChanged(roomId)));
      if (next === null) await this.ctx.storage.deleteAlarm();
      else await this.ctx.storage.setAlarm(Math.max(next, Date.now() + 1000));
    } catch (error) {
      // D1 itself failed: try the whole sync again in a minute.
      console.error("LTI grade sync failed", error);
      await this.ctx.storage.setAlarm(Date.now() + 60_000);
    }
  }
}

