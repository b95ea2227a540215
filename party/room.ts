import { and, eq, isNull } from "drizzle-orm";
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { accommodations, participantDisconnects, roomParticipants, similarityJobs, studentTests, testRooms } from "../app/db/schema";
import { configureD1Meter, d1MeterOn, metered } from "../app/lib/d1/meter.server";
import { createDb, type Db } from "../app/lib/d1/db.server";
import { journalFlushMs, type HeardWindow, type HotEntry } from "../app/lib/student-tests/code-journal";
import { CODE_SAVED_GATHER_MS, publishRoomsChanged } from "../app/lib/party.server";
import { requestGradeSync } from "../app/lib/lti/grades.server";
import { applyRejudge, claimApply, failRejudge, judgeStep, RejudgeRunnerError, type RejudgeProgress } from "../app/lib/rejudge/judging.server";
import { REJUDGE_MESSAGES, REJUDGE_PACE } from "../app/lib/rejudge/rejudge";
import { paceFromEnv, SIMILARITY_PACE, type AnalysisEventState, type AnalysisOutcome, type PaceOverride, type StopOutcome } from "../app/lib/similarity/analysis";
import {
  AnalysisInputs,
  cannotContinue,
  dropAnalysis,
  endAnalysis,
  planJob,
  prepareAnalysis,
  scoreSlice,
  type SimilarityJob,
  type StartInput,
} from "../app/lib/similarity/analysis-job.server";
import { SIMILARITY_MESSAGES } from "../app/lib/similarity/validation";
import type { Plan } from "../app/lib/similarity/engine";
import { startScheduledRoom } from "../app/lib/rooms/schedule.server";
import { releaseIfDue } from "../app/lib/results/release.server";
import { signAnchor } from "../app/lib/student-tests/anchor.server";
import { isSilent, outageStart } from "../app/lib/student-tests/outages";
import { deadlineColumns, deadlineOfRow } from "../app/lib/student-tests/student-time.server";
import {
  ClientMessage,
  PartyViewer,
  roomEvents,
  VIEWER_HEADER,
  type Audience,
  type Published,
  type RoomEvent,
  type ServerMessage,
} from "../contracts/party";
import { CodeJournal } from "./code-journal";
import { JournalGates } from "./journal-gate";
import { getServerEnv } from "../app/lib/env.server";
import type { JournalEntry, TestState } from "../app/lib/student-tests/journal-protocol";

/**
 * `heardAt`: when the party last heard from this connection, once it has
 * pinged (a test page pings every OUTAGE_RULES.pingMs); null for clients that
 * never ping, whose outages start when their close is noticed.
 */
type ConnectionState = { viewer: PartyViewer; heardAt: number | null };

const ADMINS = "role:admin";

/** The rejudge this room's object drives (decision 039), kept in its storage so a restart picks it up. */
type RejudgeJob = { id: string; phase: "judge" | "apply"; failures: number; nextAt: number };
const REJUDGE_JOB = "rejudge";
/** When the room's results are to be released (an 'at' release, decision 041); kept in storage so a restart keeps the alarm's reason. */
const RELEASE_AT = "results-release-at";
/** The similarity analyses this room's object runs (decision 044), one per question, kept in its storage so a restart picks them up. */
const SIMILARITY_JOBS = "similarity-jobs";
/** A test's pace for them (PaceOverride); production never sets it. */
const SIMILARITY_PACE_KEY = "similarity-pace";
/** With a manual pace, a step waits for the test to run the alarm. */
const MANUAL_HOLD_MS = 3_600_000;
const userTag = (id: string) => `user:${id}`;
/** Events after which the journal's fast path reads the room again (decision 045). */
const GATE_EVENTS = new Set<RoomEvent["type"]>(["room-changed", "participant-removed", "room-deleted", "time-changed", "results-changed"]);

/**
 * One party per test room (and one "lobby" for the admins' rooms list). The
 * Worker authenticates and authorizes every connection before it reaches this
 * object (party/authorize.server.ts); a request that arrives without the
 * identity header it sets is refused here as well. Actions publish events
 * through the `publish` RPC after their writes commit.
 */
export class RoomParty extends Server<Env> {
  static options = { hibernate: true };

  #journal: CodeJournal | null = null;
  /** The room's held code and MCQ progress (issue 26, decision 031). */
  private get journal() {
    // Its D1 writes count on the bench's meter like the Worker's (off unless D1_METER=1).
    // (Turned on here too: after a restart the alarm can come before any request to the Worker.)
    if (!this.#journal) this.meterD1();
    return (this.#journal ??= new CodeJournal(this.ctx.storage.sql, metered(this.env.DB)));
  }
  #db: { db: Db; metered: boolean } | null = null;
  /** drizzle for this object, built once (its schema setup is costly), and again only when the D1 meter is turned on or off. */
  private get db() {
    if (!this.#db) this.meterD1();
    if (this.#db?.metered !== d1MeterOn()) this.#db = { db: createDb(this.env.DB), metered: d1MeterOn() };
    return this.#db.db;
  }
  #gates: JournalGates | null = null;
  /** What the journal's fast path knows of the room and its tests (issue 40, decision 045). */
  private get gates() {
    return (this.#gates ??= new JournalGates(this.name, () => this.db));
  }
  /** This object's D1 work counts on the bench's meter like the Worker's (off unless D1_METER=1). */
  private meterD1() {
    if ((this.env as { D1_METER?: string }).D1_METER === "1") configureD1Meter({ D1_METER: "1" });
  }
  /** The tests whose autosaves the fast path took in the last CODE_SAVED_GATHER_MS: one code-saved event each. */
  #codeSaved: Set<string> | null = null;

  /**
   * When this instance's alarm flushes what it holds; null when it has not
   * armed one (nothing held, or after a restart: the next alarm flushes then).
   */
  #flushAt: number | null = null;

  /** Each running analysis's plan, made once per instance (a restart makes it again from the stored input). */
  #similarityPlans = new Map<string, Plan>();
  /** Similarity's start, stop and steps, one at a time: each awaits D1, when another could otherwise begin. */
  #similarityTurn: Promise<unknown> = Promise.resolve();
  #similarityInputs: AnalysisInputs | null = null;
  private get similarityInputs() {
    return (this.#similarityInputs ??= new AnalysisInputs(this.ctx.storage.sql));
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const viewer = PartyViewer.safeParse(safeJson(ctx.request.headers.get(VIEWER_HEADER)));
    return viewer.success ? [`role:${viewer.data.role}`, userTag(viewer.data.id)] : [];
  }

  async onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const parsed = PartyViewer.safeParse(safeJson(ctx.request.headers.get(VIEWER_HEADER)));
    if (!parsed.success) {
      connection.close(1008, "Unauthorized");
      return;
    }
    connection.setState({ viewer: parsed.data, heardAt: null });
    if (parsed.data.role === "student") this.ctx.waitUntil(this.arrive(parsed.data.id, connection.id));
    const now = Date.now();
    this.send(connection, {
      type: "welcome",
      room: this.name,
      userId: parsed.data.id,
      role: parsed.data.role,
      serverTime: now,
      anchor: await this.anchor(now),
    });
  }

  async onMessage(connection: Connection<ConnectionState>, raw: WSMessage) {
    const parsed = ClientMessage.safeParse(safeJson(typeof raw === "string" ? raw : null));
    if (!parsed.success) {
      this.send(connection, { type: "error", message: "Malformed message" });
      return;
    }
    switch (parsed.data.type) {
      case "ping": {
        const now = Date.now();
        if (connection.state) connection.setState({ ...connection.state, heardAt: now });
        this.send(connection, { type: "pong", sentAt: parsed.data.sentAt, serverTime: now, anchor: await this.anchor(now) });
        break;
      }
    }
  }

  onClose(connection: Connection<ConnectionState>) {
    const viewer = connection.state?.viewer;
    if (viewer?.role === "student") this.ctx.waitUntil(this.markOffline(viewer.id, connection.id, outageStart(Date.now(), connection.state?.heardAt ?? null)));
  }

  /** A time anchor for the journal (decision 019); none if the secret is missing. */
  private async anchor(now = Date.now()) {
    const secret = this.env.BETTER_AUTH_SECRET;
    return typeof secret === "string" && secret.length >= 16 ? signAnchor(secret, now) : undefined;
  }

  /**
   * A student's disconnected periods while the test runs, for the admin's
   * "offline for m:ss" and for the journal, which counts entries that arrive
   * after the deadline only within such a period (decision 019). A period
   * opens when their last connection closes (at `startedAt`, which for a
   * pinging connection is at most OUTAGE_RULES.silenceMs after it was last
   * heard) and ends when any connection returns.
   */
  private async markOffline(studentId: string, closedId: string, startedAt: number) {
    const stillHere = [...this.getConnections(userTag(studentId))].some((c) => c.id !== closedId);
    if (stillHere) return;
    const db = this.db;
    if (!(await this.testRunning(studentId, startedAt))) return;
    const open = await db
      .select({ id: participantDisconnects.id })
      .from(participantDisconnects)
      .where(and(eq(participantDisconnects.roomId, this.name), eq(participantDisconnects.studentId, studentId), isNull(participantDisconnects.endedAt)))
      .get();
    if (!open) await db.insert(participantDisconnects).values({ roomId: this.name, studentId, startedAt: new Date(startedAt) });
    await this.publish(roomEvents.participantsChanged(this.name));
  }

  /**
   * Whether the room's test was running for this student at `at`: the room
   * is active, or `at` was before their own deadline (decision 028; a close
   * noticed only after Stop still records an outage that began before it).
   */
  private async testRunning(studentId: string, at: number) {
    const db = this.db;
    const row = await db
      .select({ isActive: testRooms.isActive, startedAt: testRooms.startedAt, ...deadlineColumns })
      .from(testRooms)
      .leftJoin(studentTests, and(eq(studentTests.roomId, testRooms.id), eq(studentTests.studentId, studentId)))
      .leftJoin(roomParticipants, and(eq(roomParticipants.roomId, testRooms.id), eq(roomParticipants.studentId, studentId)))
      .leftJoin(accommodations, eq(accommodations.userId, studentId))
      .where(eq(testRooms.id, this.name))
      .get();
    if (!row) return false;
    if (row.isActive) return true;
    const end = deadlineOfRow(row);
    return row.startedAt !== null && end !== null && at < end;
  }

  /**
   * A student connected. Their other connections that ping but have gone
   * silent are dead sockets whose close was never noticed: the time since
   * they were last heard was an outage, recorded now, and they are closed.
   * Then any open period ends.
   */
  private async arrive(studentId: string, connectionId: string) {
    const now = Date.now();
    const others = [...this.getConnections<ConnectionState>(userTag(studentId))].filter((c) => c.id !== connectionId);
    const silent = others.filter((c) => isSilent(c.state?.heardAt ?? null, now));
    if (others.length > 0 && silent.length === others.length) {
      const heardAt = Math.max(...silent.map((c) => c.state!.heardAt!));
      const startedAt = outageStart(now, heardAt);
      for (const c of silent) c.close(4000, "Replaced by a newer connection");
      if (await this.testRunning(studentId, startedAt)) {
        await this.db.insert(participantDisconnects).values({ roomId: this.name, studentId, startedAt: new Date(startedAt), endedAt: new Date(now) });
        await this.publish(roomEvents.participantsChanged(this.name));
      }
    }
    await this.markOnline(studentId);
  }

  private async markOnline(studentId: string) {
    const db = this.db;
    const closed = await db
      .update(participantDisconnects)
      .set({ endedAt: new Date() })
      .where(and(eq(participantDisconnects.roomId, this.name), eq(participantDisconnects.studentId, studentId), isNull(participantDisconnects.endedAt)))
      .returning({ id: participantDisconnects.id });
    if (closed.length) await this.publish(roomEvents.participantsChanged(this.name));
  }

  /** RPC from the Worker: the room's scheduled start (issue 25) is at `at`; null clears it. */
  async setStartAlarm(at: number | null) {
    await this.arm(at);
  }

  /**
   * Sets the one alarm this object has for the earliest of its duties: the
   * scheduled start at `startAt`, the flush of held code within
   * JOURNAL_FLUSH_MS while any waits (its time kept, so the frequent alarms of
   * a rejudge or an analysis never put it off), and each job kept in storage.
   */
  private async arm(startAt: number | null) {
    const flushAt = this.journal.waiting() ? (this.#flushAt ?? Date.now() + journalFlushMs(this.env.JOURNAL_FLUSH_SECONDS)) : null;
    this.#flushAt = flushAt;
    const times = [startAt, flushAt, ...(await this.jobTimes())].filter((t): t is number => t !== null);
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }

  /** When each job kept in storage is next due: a rejudge's next batch, a results release, each analysis's next step. */
  private async jobTimes(): Promise<number[]> {
    const kept = await this.ctx.storage.get([REJUDGE_JOB, RELEASE_AT, SIMILARITY_JOBS]);
    const rejudge = kept.get(REJUDGE_JOB) as RejudgeJob | undefined;
    const releaseAt = kept.get(RELEASE_AT) as number | undefined;
    const analyses = (kept.get(SIMILARITY_JOBS) as SimilarityJob[] | undefined) ?? [];
    return [rejudge?.nextAt ?? null, releaseAt ?? null, ...analyses.map((j) => j.nextAt)].filter((t): t is number => t !== null);
  }

  /** Makes the alarm come no later than `at` (another job's earlier time stays). */
  private async armBy(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /**
   * The alarm: held code is written to D1, and a scheduled start that is due
   * happens exactly as Start Test Now does (D1 first, then the same fan-out),
   * with no admin page open. The alarm survives a restart of this object; D1
   * decides whether a start is due, so a schedule moved later re-arms and a
   * cleared one does nothing. A failure to reach D1 throws, and the runtime
   * retries the alarm.
   */
  async onAlarm() {
    if (this.#flushAt === null || this.#flushAt <= Date.now()) {
      try {
        await this.journal.flush();
      } finally {
        this.#flushAt = null; // after a failure, the next entry arms it again if the runtime's retries give up
      }
    }
    await this.rejudgeStep();
    await this.similarityStep();
    // A release that cannot reach D1 is tried again shortly; the start below must not wait on it.
    await this.releaseStep().catch(async (error: unknown) => {
      console.error(`results release of ${this.name} failed`, error);
      await this.armBy(Date.now() + 30_000);
    });
    const outcome = await startScheduledRoom(this.db, this.name);
    await this.arm(outcome.kind === "later" ? outcome.at : null);
    if (outcome.kind === "later" || outcome.kind === "none") return;
    const { room } = outcome;
    const started = outcome.kind === "started";
    await this.publish(
      roomEvents.roomChanged({ id: room.id, isEnabled: room.isEnabled, isActive: started, endsAt: started ? outcome.endsAt : (room.endsAt?.getTime() ?? null) }, null),
    );
    if (started) await this.publish(roomEvents.participantsChanged(room.id));
    await publishRoomsChanged(this.env);
  }

  /**
   * RPC from the room page: the results are to be released at `at` (null: no
   * such release). D1 holds the truth; the alarm only comes to act on it.
   */
  async setReleaseAlarm(at: number | null) {
    if (at === null) {
      await this.ctx.storage.delete(RELEASE_AT);
      return;
    }
    await this.ctx.storage.put(RELEASE_AT, at);
    await this.armBy(at);
  }

  /**
   * The alarm's release: D1 marks a due 'at' release released, once; then the
   * room's pages refetch and the LMS gets the scores. A moved time re-arms.
   */
  private async releaseStep() {
    const at = await this.ctx.storage.get<number>(RELEASE_AT);
    if (at === undefined || at > Date.now()) return;
    const { released, nextAt } = await releaseIfDue(this.db, this.name);
    if (nextAt === null) await this.ctx.storage.delete(RELEASE_AT);
    else await this.ctx.storage.put(RELEASE_AT, nextAt);
    if (!released) return;
    await this.publish(roomEvents.resultsChanged(this.name));
    await Promise.all([publishRoomsChanged(this.env), requestGradeSync(this.env, this.name)]);
  }

  /**
   * RPC from the journal: stores accepted code and MCQ-progress entries, each
   * once; the answer returns after this object's storage committed them.
   * Returns the ids another test already used.
   */
  async takeEntries(entries: HotEntry[]) {
    const result = this.journal.take(entries);
    if (this.#flushAt === null && entries.length > 0) {
      const due = Date.now() + journalFlushMs(this.env.JOURNAL_FLUSH_SECONDS);
      this.#flushAt = due;
      await this.armBy(due);
    }
    return result;
  }

  /**
   * RPC from the journal's fast path (issue 40, decision 045): a batch from
   * the student a test capability names, its autosaves accepted and held here
   * with no D1 query, its tab switches and unlocks written by the gate; null
   * when the full journal must take it.
   */
  async fastJournal(
    testId: string,
    studentId: string,
    entries: JournalEntry[],
  ): Promise<{ accepted: string[]; rejected: { id: string; reason: string }[]; state: TestState } | null> {
    const outcome = await this.gates.accept(testId, studentId, entries, getServerEnv(this.env).BETTER_AUTH_SECRET);
    if (!outcome) return null;
    const { conflicts } = outcome.entries.length ? await this.takeEntries(outcome.entries) : { conflicts: [] };
    const refused = new Set(conflicts);
    if (outcome.entries.length) this.codeSaved(testId);
    // A tab switch or an unlock: the admins' participants table shows it.
    if (outcome.wrote) void this.publish(roomEvents.participantsChanged(this.name));
    return {
      // Every entry in seq order but those another test holds (a tab switch or an unlock is written or given up on in `accept`).
      accepted: [...entries].sort((a, b) => a.seq - b.seq).filter((e) => !refused.has(e.id)).map((e) => e.id),
      rejected: conflicts.map((id) => ({ id, reason: "Duplicate entry id" })),
      state: outcome.state,
    };
  }

  /** RPC: the room changed (an admin's action), or one test (the full journal): the fast path reads it again first. */
  async forgetGates(testId?: string) {
    this.gates.forget(testId);
  }

  /** Admins' monitors refetch: one code-saved event per test, gathered as the Worker gathers them (decision 024). */
  private codeSaved(testId: string) {
    if (this.#codeSaved) {
      this.#codeSaved.add(testId);
      return;
    }
    const tests = (this.#codeSaved = new Set([testId]));
    setTimeout(() => {
      this.#codeSaved = null;
      const saved = [...tests].map((id) => roomEvents.codeSaved(this.name, id));
      void this.publishAll(
        saved.map((p) => p.event),
        saved[0]!.audience,
      );
    }, CODE_SAVED_GATHER_MS);
  }

  /** RPC: which of these entry ids this room holds, with their test. */
  async knownEntries(ids: string[]) {
    return this.journal.known(ids);
  }

  /** RPC: a test's latest code per question as held here. */
  async heldCode(testId: string) {
    return this.journal.latest(testId);
  }

  /** RPC: each test's last edit as held here. */
  async heldLastEdits() {
    return this.journal.lastEdits();
  }

  /** RPC: a test's entries not yet written to D1. */
  async heldEntries(testId: string) {
    return this.journal.unflushed(testId);
  }

  /** RPC: the last entry held here for this test that arrived at or before `at`. */
  async heldLastReceived(testId: string, at: number) {
    return this.journal.lastReceived(testId, at);
  }

  /** RPC: when this room's journal heard from these tests' students within these windows (outage credit, decision 035). */
  async heardDuring(windows: HeardWindow[]) {
    return this.journal.heardDuring(windows);
  }

  /** RPC: write the room's held code to D1 now. */
  async flushJournal() {
    await this.journal.flush();
  }

  /** RPC: forget tests whose room or history was deleted (all when null). */
  async forgetTests(testIds: string[] | null) {
    this.journal.forget(testIds);
  }

  /**
   * RPC from the results page: judge this rejudge's submissions in the
   * background, a batch per alarm (decision 039). The job is kept in storage,
   * so closing the page or a restart of this object does not stop it.
   */
  async startRejudge(rejudgeId: string) {
    const job: RejudgeJob = { id: rejudgeId, phase: "judge", failures: 0, nextAt: Date.now() };
    await this.ctx.storage.put(REJUDGE_JOB, job);
    await this.armBy(job.nextAt);
  }

  /**
   * RPC from the results page: Apply a ready preview, now. "not-ready" when it
   * is not (still judging, cancelled, applied). Should the write fail, the
   * job stays and the alarm tries it again: applying twice writes the same.
   */
  async applyRejudge(rejudgeId: string, byName: string): Promise<"applied" | "not-ready"> {
    const db = this.db;
    if (!(await claimApply(db, rejudgeId, byName))) return "not-ready";
    const job: RejudgeJob = { id: rejudgeId, phase: "apply", failures: 0, nextAt: Date.now() + REJUDGE_PACE.retryMs };
    await this.ctx.storage.put(REJUDGE_JOB, job);
    await this.armBy(job.nextAt);
    await this.publishRejudge({ id: rejudgeId, state: "applying", done: 0, total: 0 });
    await this.finishApply(db, rejudgeId);
    return "applied";
  }

  private async finishApply(db: ReturnType<typeof createDb>, rejudgeId: string) {
    const progress = await applyRejudge(db, rejudgeId);
    await this.ctx.storage.delete(REJUDGE_JOB);
    if (progress) await this.publishRejudge(progress);
    // The results table refetches, and the LMS gradebook gets the new scores (a later timestamp).
    await this.publish(roomEvents.participantsChanged(this.name));
    await Promise.all([publishRoomsChanged(this.env), requestGradeSync(this.env, this.name)]);
  }

  /** One alarm's share of the rejudge: a batch of judges, or Apply's retry. Never throws: the other duties go on. */
  private async rejudgeStep() {
    const job = await this.ctx.storage.get<RejudgeJob>(REJUDGE_JOB);
    if (!job || job.nextAt > Date.now()) return;
    const db = this.db;
    try {
      if (job.phase === "apply") {
        await this.finishApply(db, job.id);
        return;
      }
      const progress = await judgeStep(this.env, db, job.id);
      if (progress?.state === "previewing") {
        await this.ctx.storage.put(REJUDGE_JOB, { ...job, failures: 0, nextAt: Date.now() + REJUDGE_PACE.tickMs });
      } else {
        await this.ctx.storage.delete(REJUDGE_JOB);
      }
      if (progress) await this.publishRejudge(progress);
    } catch (error) {
      const failures = job.failures + 1;
      console.error(`rejudge ${job.id} step failed (${failures})`, error);
      if (failures < REJUDGE_PACE.maxFailures) {
        await this.ctx.storage.put(REJUDGE_JOB, { ...job, failures, nextAt: Date.now() + REJUDGE_PACE.retryMs });
        return;
      }
      await this.ctx.storage.delete(REJUDGE_JOB);
      const message = error instanceof RejudgeRunnerError ? `${REJUDGE_MESSAGES.runner}: ${error.message}` : REJUDGE_MESSAGES.failed;
      const progress = await failRejudge(db, job.id, message.slice(0, 300)).catch(() => null);
      if (progress) await this.publishRejudge(progress);
    }
  }

  private publishRejudge(p: RejudgeProgress) {
    return this.publish(roomEvents.rejudgeChanged(this.name, p));
  }

  /**
   * RPC from the similarity page's Analyse now (decision 044): analyse the
   * question in the background, a slice per alarm, unless the stored result
   * is of the same code. One at a time per question: asked again while one
   * runs, this answers with it.
   */
  async startSimilarity(input: StartInput): Promise<AnalysisOutcome> {
    return this.similarityTurn(async () => {
      const jobs = await this.similarityJobs();
      const running = jobs.find((j) => j.questionId === input.questionId);
      if (running) return { kind: "running", done: running.cursor, total: running.total };
      // D1 then has every autosave (decision 031).
      await this.journal.flush();
      const prepared = await prepareAnalysis(this.db, this.env, this.name, input);
      if (prepared.kind === "current") return { kind: "current" };
      const pace = await this.similarityPace();
      // A set pace's pause comes before the first step too (a browser test sees the analysis prepare).
      const job = { ...prepared.job, nextAt: Date.now() + (pace?.manual ? MANUAL_HOLD_MS : (pace?.tickMs ?? 0)) };
      this.similarityInputs.put(job.runId, prepared.programs);
      await this.ctx.storage.put(SIMILARITY_JOBS, [...jobs, job]);
      await this.armBy(job.nextAt);
      await this.publishSimilarity(job, "running");
      return { kind: "started", resumed: prepared.resumed, done: job.cursor, total: job.total };
    });
  }

  /** RPC from the similarity page's Stop: the analysis ends, keeping the pairs it compared. */
  async stopSimilarity(questionId: string): Promise<StopOutcome> {
    return this.similarityTurn(async () => {
      const job = (await this.similarityJobs()).find((j) => j.questionId === questionId);
      if (job) return this.endSimilarity(job, "stopped", null);
      // A row this object no longer drives (its storage was lost) is no analysis.
      await this.db
        .delete(similarityJobs)
        .where(and(eq(similarityJobs.roomId, this.name), eq(similarityJobs.questionId, questionId), eq(similarityJobs.state, "running")));
      return { kind: "not-running" };
    });
  }

  /**
   * One alarm's share of the analyses: a slice of the one due first, then of
   * the next due (a question with little to compare ends in its first slice)
   * while the alarm has used less than SIMILARITY_PACE.budgetMs.
   */
  private async similarityStep() {
    await this.similarityTurn(async () => {
      const started = Date.now();
      const done = new Set<string>();
      for (;;) {
        const now = Date.now();
        const job = (await this.similarityJobs()).filter((j) => j.nextAt <= now && !done.has(j.runId)).sort((x, y) => x.nextAt - y.nextAt)[0];
        if (!job) return;
        done.add(job.runId);
        await this.similaritySlice(job);
        if (Date.now() - started >= SIMILARITY_PACE.budgetMs) return;
      }
    });
  }

  /**
   * A slice of one analysis. A failed slice is tried again after
   * SIMILARITY_PACE.retryMs; after maxFailures in a row the analysis ends
   * with what it compared, marked failed. Never throws: the other duties go on.
   */
  private async similaritySlice(job: SimilarityJob) {
    try {
      const blocked = cannotContinue(job);
      if (blocked) {
        await this.endSimilarity(job, "stopped", blocked);
        return;
      }
      const pace = await this.similarityPace();
      let current = job;
      let plan = this.#similarityPlans.get(job.runId);
      if (!plan) {
        const started = Date.now();
        plan = planJob(job, this.similarityInputs.programs(job.runId));
        if (job.total !== null && plan.total !== job.total) {
          await this.endSimilarity(job, "stopped", SIMILARITY_MESSAGES.engineChanged);
          return;
        }
        this.#similarityPlans.set(job.runId, plan);
        this.similarityInputs.keepPlan(job.runId, plan);
        current = { ...job, workMs: job.workMs + (Date.now() - started) };
      }
      const next = await scoreSlice(this.db, this.name, current, plan, pace);
      if (next.cursor >= plan.total) {
        await this.endSimilarity(next, "done", null);
        return;
      }
      await this.saveSimilarityJob({ ...next, nextAt: Date.now() + (pace?.manual ? MANUAL_HOLD_MS : (pace?.tickMs ?? SIMILARITY_PACE.tickMs)) });
      await this.publishSimilarity(next, "running");
    } catch (error) {
      const failures = job.failures + 1;
      console.error(`similarity ${job.runId} step failed (${failures})`, error);
      if (failures < SIMILARITY_PACE.maxFailures) {
        await this.saveSimilarityJob({ ...job, failures, nextAt: Date.now() + SIMILARITY_PACE.retryMs });
        return;
      }
      await this.endSimilarity(job, "stopped", SIMILARITY_MESSAGES.failed).catch(async (final: unknown) => {
        console.error(`similarity ${job.runId} could not end`, final);
        await this.forgetSimilarity(job);
      });
      }
  }

  /**
   * Ends an analysis: finished, or stopped (by Stop or a failure) keeping the
   * pairs it compared; one that compared nothing leaves the result shown as it was.
   */
  private async endSimilarity(job: SimilarityJob, state: "done" | "stopped", failed: string | null): Promise<StopOutcome> {
    const db = this.db;
    const planned = this.similarityInputs.planOf(job.runId);
    let outcome: StopOutcome;
    if (planned === null || job.total === null) {
      await dropAnalysis(db, this.name, job, failed);
      outcome = { kind: "cancelled" };
    } else {
      await endAnalysis(db, this.name, job, state, planned, failed);
      outcome = { kind: "stopped", done: job.cursor, total: job.total };
    }
    await this.forgetSimilarity(job);
    await this.publishSimilarity(job, failed !== null ? "failed" : state);
    return outcome;
  }

  private similarityTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.#similarityTurn.then(() => work());
    this.#similarityTurn = turn.catch(() => undefined);
    return turn;
  }

  private async similarityJobs() {
    return (await this.ctx.storage.get<SimilarityJob[]>(SIMILARITY_JOBS)) ?? [];
  }

  private async similarityPace(): Promise<PaceOverride | null> {
    const kept = await this.ctx.storage.get<PaceOverride>(SIMILARITY_PACE_KEY);
    return kept ?? paceFromEnv(this.env as { SIMILARITY_STEP_PAIRS?: string; SIMILARITY_TICK_MS?: string });
  }

  private async saveSimilarityJob(job: SimilarityJob) {
    const jobs = await this.similarityJobs();
    await this.ctx.storage.put(
      SIMILARITY_JOBS,
      jobs.map((j) => (j.runId === job.runId ? job : j)),
    );
  }

  private async forgetSimilarity(job: SimilarityJob) {
    const rest = (await this.similarityJobs()).filter((j) => j.runId !== job.runId);
    if (rest.length) await this.ctx.storage.put(SIMILARITY_JOBS, rest);
    else await this.ctx.storage.delete(SIMILARITY_JOBS);
    this.#similarityPlans.delete(job.runId);
    this.similarityInputs.keepOnly(rest.map((j) => j.runId));
  }

  private publishSimilarity(job: SimilarityJob, state: AnalysisEventState) {
    return this.publish(roomEvents.similarityChanged(this.name, job.questionId, state, { done: job.cursor, total: job.total }));
  }

  /** Delivers an event, built by its helper in `roomEvents`, to its audience; returns how many received it. */
  private publish({ event, audience }: Published): Promise<number> {
    return this.publishAll([event], audience);
  }

  /** Several events to one audience in one RPC (the gathered code-saved events, decision 024); returns the messages sent. */
  async publishAll(events: RoomEvent[], audience: Audience = { to: "all" }): Promise<number> {
    // Anything that changes who may write or until when: the journal's fast path reads the room again.
    if (events.some((e) => GATE_EVENTS.has(e.type))) this.gates.forget();
    const texts = events.map((event) => JSON.stringify(event));
    const targets =
      audience.to === "all"
        ? this.getConnections()
        : audience.to === "admins"
          ? this.getConnections(ADMINS)
          : this.getConnections(userTag(audience.userId));
    let sent = 0;
    for (const connection of targets) {
      for (const text of texts) {
        connection.send(text);
        sent++;
      }
    }
    return sent;
  }

  private send(connection: Connection, message: ServerMessage) {
    connection.send(JSON.stringify(message));
  }
}

function safeJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
