import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteError,
  type ClientActionFunctionArgs,
} from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { useToastOnce } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { AddUserDialog, EditUserDialog, ResetPasswordDialog } from "~/components/users/user-dialogs";
import { UsersPagination } from "~/components/users/users-pagination";
import { UsersTable } from "~/components/users/users-table";
import { USERS_PATH, UsersToolbar } from "~/components/users/users-toolbar";
import { failure, readFormValues, schemaFailure, success } from "~/lib/http/forms.server";
import { requireRole } from "~/lib/accounts/session.server";
import {
  CreateUserSchema,
  parseUsersQuery,
  ResetPasswordSchema,
  UpdateUserSchema,
  USER_INTENTS,
  USER_MESSAGES,
  USER_SUCCESS,
  usersSearch,
  type UserActionResult,
  type UserIntent,
  type UserRow,
} from "~/lib/accounts/user-validation";
import { createUser, listUsers, resetPassword, updateUser } from "~/lib/accounts/users.server";
import { ExtraTimeDialog } from "~/components/student-time/extra-time-dialog";
import { FormError } from "~/lib/http/forms.server";
import { extraTimeLabel } from "~/lib/student-tests/student-time";
import { setAccountExtraTime } from "~/lib/student-tests/student-time.server";
import { AccountExtraTimeSchema, STUDENT_TIME_MESSAGES } from "~/lib/student-tests/student-time-validation";
import type { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Users — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = parseUsersQuery(new URL(request.url).searchParams);
  let page;
  try {
    page = await listUsers(context.db, query);
  } catch (error) {
    console.error("users: list failed", error);
    throw data({ error: USER_MESSAGES.loadFailed }, { status: 500 });
  }
  // Past the last page (a stale link, or users were removed): show the last one.
  if (query.page > page.pageCount) {
    throw redirect(`${USERS_PATH}${usersSearch({ ...query, page: page.pageCount })}`);
  }
  return { ...page, q: query.q, role: query.role, viewerId: viewer.id };
}

/** Validation answers 400 with the first failing message, and writes nothing. */
function validate<S extends z.ZodTypeAny>(schema: S, values: Record<string, unknown>) {
  const result = schema.safeParse(values);
  return result.success
    ? ({ ok: true, data: result.data as z.infer<S> } as const)
    : ({ ok: false, response: schemaFailure(result.error) } as const);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const form = await readFormValues(request);
  if (!form) return failure("The form could not be read", 400);
  const intent = form.intent as UserIntent;
  if (!USER_INTENTS.includes(intent)) return failure("Unknown action", 400);

  if (intent === "create") {
    const input = validate(CreateUserSchema, form);
    if (!input.ok) return input.response;
    try {
      const result = await createUser(context.auth, context.db, input.data);
      return result.ok ? success(USER_SUCCESS.created) : failure(result.error, result.status);
    } catch (error) {
      console.error("users: create failed", error);
      return failure(USER_MESSAGES.createFailed, 500);
    }
  }

  if (intent === "update") {
    const input = validate(UpdateUserSchema, form);
    if (!input.ok) return input.response;
    try {
      const keepSessionId =
        input.data.password && input.data.userId === viewer.id ? await currentSessionId(request, context) : undefined;
      const result = await updateUser(context.auth, context.db, { id: viewer.id, keepSessionId }, input.data);
      return result.ok ? success(USER_SUCCESS.updated) : failure(result.error, result.status);
    } catch (error) {
      console.error("users: update failed", error);
      return failure(USER_MESSAGES.updateFailed, 500);
    }
  }

  if (intent === "extra-time") {
    const input = validate(AccountExtraTimeSchema, form);
    if (!input.ok) return input.response;
    try {
      const { userId, ...setting } = input.data;
      const { name } = await setAccountExtraTime(context.db, userId, setting, viewer);
      return success(setting.amount === 0 ? `No extra time for ${name}` : `Extra time for ${name} in every room: ${extraTimeLabel(setting)}`);
    } catch (error) {
      if (error instanceof FormError) return failure(error.message, error.status);
      console.error("users: extra time failed", error);
      return failure(STUDENT_TIME_MESSAGES.failed, 500);
    }
  }

  const input = validate(ResetPasswordSchema, form);
  if (!input.ok) return input.response;
  try {
    const keepSessionId = input.data.userId === viewer.id ? await currentSessionId(request, context) : undefined;
    const result = await resetPassword(context.auth, context.db, { id: viewer.id, keepSessionId }, input.data);
    return result.ok ? success(USER_SUCCESS.passwordReset) : failure(result.error, result.status);
  } catch (error) {
    console.error("users: reset password failed", error);
    return failure(USER_MESSAGES.resetFailed, 500);
  }
}

/** The session making this request: admins changing their own password stay signed in here. */
async function currentSessionId(request: Request, context: ActionFunctionArgs["context"]) {
  const result = await context.auth.api.getSession({ headers: request.headers });
  return result?.session.id;
}

/**
 * In the browser: when the server cannot be reached (or crashed), answer with
 * the spec's "Unable to ... Please try again." instead of the error page.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<UserActionResult> {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return (await serverAction<typeof action>()) as UserActionResult;
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect (e.g. the session ended)
    if (isRouteErrorResponse(error) && typeof (error.data as { error?: unknown })?.error === "string") {
      return { ok: false, error: (error.data as { error: string }).error };
    }
    return {
      ok: false,
      error: intent === "create" ? USER_MESSAGES.createUnreachable : USER_MESSAGES.updateUnreachable,
    };
  }
}

export default function UsersPage() {
  const { users, total, page, pageCount, pageSize, q, role, viewerId } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [timing, setTiming] = useState<UserRow | null>(null);
  const closeTiming = useCallback(() => setTiming(null), []);
  const closeAdd = useCallback(() => setAdding(false), []);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeReset = useCallback(() => setResetting(null), []);
  const loading = navigation.state === "loading" && navigation.location.pathname === USERS_PATH;
  const filtered = q !== "" || role !== "all";

  return (
    <>
      <PageTitle title="Users" description="Search, add and edit admin and student accounts." />
      <UsersToolbar q={q} role={role} loading={loading} onAdd={() => setAdding(true)} />
      {users.length === 0 ? (
        <EmptyState title="No users found">
          {filtered ? "Try a different search or role filter." : "Add a user to get started."}
        </EmptyState>
      ) : (
        <>
          <UsersTable users={users} viewerId={viewerId} busy={loading} onEdit={setEditing} onResetPassword={setResetting} onExtraTime={setTiming} />
          <UsersPagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} q={q} role={role} />
        </>
      )}
      <AddUserDialog open={adding} onClose={closeAdd} />
      <EditUserDialog user={editing} viewerId={viewerId} onClose={closeEdit} />
      <ResetPasswordDialog user={resetting} viewerId={viewerId} onClose={closeReset} />
      <ExtraTimeDialog
        key={timing?.id ?? "none"}
        open={timing !== null}
        onClose={closeTiming}
        title={`Extra time for ${timing?.name ?? ""}`}
        description="An accommodation: this extra time applies to every test this student starts from now on, in every room. A test already started keeps its time."
        fields={{ intent: "extra-time", userId: timing?.id ?? "" }}
        current={timing?.accommodation ?? null}
        action={USERS_PATH}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { error?: unknown })?.error === "string"
      ? (error.data as { error: string }).error
      : USER_MESSAGES.loadFailed;
  useToastOnce(useMemo(() => ({ type: "error" as const, message }), [message]));
  return (
    <>
      <PageTitle title="Users" description="Search, add and edit admin and student accounts." />
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <p>{message}</p>
        <Button variant="secondary" busy={revalidator.state === "loading"} onClick={() => revalidator.revalidate()}>
          Try again
        </Button>
      </div>
    </>
  );
}
