import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { hoverRow, Table, TBody, Td, Th, THead } from "~/components/ui/table";
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
    <Table caption="Users" density="normal" boxed busy={busy}>
      <THead>
        <Th>Name</Th>
        <Th>Email</Th>
        <Th>Role</Th>
        <Th className="text-right">Actions</Th>
      </THead>
      <TBody>
        {users.map((u) => (
          <tr key={u.id} data-testid="user-row" className={hoverRow}>
            <Td className="font-medium">
              {u.name}
              {u.id === viewerId ? (
                <span className="ml-2 text-xs font-normal text-muted">(you)</span>
              ) : null}
            </Td>
            <Td className="break-all text-slate-600 dark:text-slate-300">{u.email}</Td>
            <Td>
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
            </Td>
            <Td>
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
            </Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
