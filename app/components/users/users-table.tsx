import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { UserRow } from "~/lib/accounts/user-validation";
import { extraTimeLabel } from "~/lib/student-tests/student-time";

/** One page of users: name, email, role, and the Edit / Reset Password actions. */
export function UsersTable({
  users,
  viewerId,
  busy,
  onEdit,
  onResetPassword,
  onExtraTime,
}: {
  users: UserRow[];
  viewerId: string;
  busy: boolean;
  onEdit: (user: UserRow) => void;
  onResetPassword: (user: UserRow) => void;
  onExtraTime: (user: UserRow) => void;
}) {
  return (
    <div
      aria-busy={busy || undefined}
      className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white transition-opacity dark:border-slate-800 dark:bg-slate-900 ${
        busy ? "opacity-60" : ""
      }`}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row" className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
              <td className="px-4 py-3 font-medium">
                {u.name}
                {u.id === viewerId ? (
                  <span className="ml-2 text-xs font-normal text-muted">(you)</span>
                ) : null}
              </td>
              <td className="px-4 py-3 break-all text-slate-600 dark:text-slate-300">{u.email}</td>
              <td className="px-4 py-3">
                {u.role === "admin" ? (
                  <Badge tone="blue">admin</Badge>
                ) : u.role === "student" ? (
                  <>
                    <Badge tone="gray">student</Badge>
                    {u.accommodation ? (
                      <span className="ml-2" title={u.accommodation.reason ?? undefined}>
                        <Badge tone="blue">{`${extraTimeLabel(u.accommodation)} extra time`}</Badge>
                      </span>
                    ) : null}
                  </>
                ) : (
                  <Badge tone="red">no role</Badge>
                )}
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button size="sm" variant="secondary" onClick={() => onEdit(u)} aria-label={`Edit ${u.name}`}>
                    Edit
                  </Button>
                  {u.role === "student" ? (
                    <Button size="sm" variant="ghost" onClick={() => onExtraTime(u)} aria-label={`Extra time for ${u.name}`}>
                      Extra time
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onResetPassword(u)}
                    aria-label={`Reset password for ${u.name}`}
                  >
                    Reset Password
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
