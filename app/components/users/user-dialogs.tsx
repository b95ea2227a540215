import { useFetcher } from "@remix-run/react";
import { useCallback, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import {
  CreateUserSchema,
  ResetPasswordSchema,
  UpdateUserSchema,
  type UserActionResult,
  type UserRow,
} from "~/lib/accounts/user-validation";
import { USERS_PATH } from "./users-toolbar";

const ROLE_CHOICES = [
  { value: "student", label: "Student" },
  { value: "admin", label: "Admin" },
];

type Schema = typeof CreateUserSchema | typeof UpdateUserSchema | typeof ResetPasswordSchema;

/**
 * A fetcher for one dialog: checks the form with the shared schema first (each
 * failing field's message under it, the first toasted, spec 1 section 5), then
 * posts it; toasts the outcome and closes the dialog on success.
 */
function useUserForm(schema: Schema, open: boolean, onDone: () => void) {
  const fetcher = useFetcher<UserActionResult>();
  const validate = useDialogValidation(open, fetcher.data);
  const busy = fetcher.state !== "idle";
  const onSuccess = useCallback(() => onDone(), [onDone]);
  useActionToast(fetcher.data, onSuccess);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) return event.preventDefault();
    validate(schema)(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    fetcher.submit(new FormData(event.currentTarget), { method: "post", action: USERS_PATH });
  }
  return { busy, onSubmit, errors: validate.errors };
}

function Actions({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </div>
  );
}

/** Add User (spec: admin-create-user {email, password, full_name, role}). */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { busy, onSubmit, errors } = useUserForm(CreateUserSchema, open, onClose);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add User"
      description="Create a student or admin account. They can log in with this email and password straight away."
    >
      <form method="post" action={USERS_PATH} noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="create" />
        <fieldset disabled={busy} className="space-y-4">
          <TextField label="Full Name" name="full_name" autoComplete="off" placeholder="John Doe" maxLength={100} autoFocus error={errors.full_name} />
          <TextField label="Email" name="email" type="email" autoComplete="off" placeholder="student@university.edu" maxLength={255} error={errors.email} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters."
            maxLength={128}
            error={errors.password}
          />
          <SelectField
            label="Role"
            name="role"
            defaultValue=""
            options={[{ value: "", label: "Select a role" }, ...ROLE_CHOICES]}
            error={errors.role}
          />
        </fieldset>
        <Actions busy={busy} onCancel={onClose}>
          {busy ? "Creating..." : "Create User"}
        </Actions>
      </form>
    </Dialog>
  );
}

/** Edit User: name, email, role (never one's own) and an optional new password. */
export function EditUserDialog({
  user,
  viewerId,
  onClose,
}: {
  user: UserRow | null;
  viewerId: string;
  onClose: () => void;
}) {
  const { busy, onSubmit, errors } = useUserForm(UpdateUserSchema, user !== null, onClose);
  const self = user?.id === viewerId;
  return (
    <Dialog open={user !== null} onClose={onClose} title="Edit User" description={user ? user.email : undefined}>
      {user ? (
        <form method="post" action={USERS_PATH} noValidate onSubmit={onSubmit} className="space-y-4" key={user.id}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="userId" value={user.id} />
          <fieldset disabled={busy} className="space-y-4">
            <TextField label="Full Name" name="full_name" defaultValue={user.name} autoComplete="off" maxLength={100} autoFocus error={errors.full_name} />
            <TextField label="Email" name="email" type="email" defaultValue={user.email} autoComplete="off" maxLength={255} error={errors.email} />
            <SelectField
              label="Role"
              name="role"
              defaultValue={user.role ?? ""}
              // A disabled select is not submitted: the server keeps the role.
              disabled={self}
              hint={self ? "You cannot change your own role." : undefined}
              options={user.role ? ROLE_CHOICES : [{ value: "", label: "Select a role" }, ...ROLE_CHOICES]}
              error={errors.role}
            />
            <TextField
              label="New Password (optional)"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              error={errors.password}
              hint={
                self
                  ? "Leave blank to keep the current password. Your other sessions will be signed out."
                  : "Leave blank to keep the current password. Setting one signs the user out everywhere."
              }
            />
          </fieldset>
          <Actions busy={busy} onCancel={onClose}>
            {busy ? "Saving..." : "Save Changes"}
          </Actions>
        </form>
      ) : null}
    </Dialog>
  );
}

/** Reset Password (spec: admin-reset-password {userId, newPassword}). */
export function ResetPasswordDialog({
  user,
  viewerId,
  onClose,
}: {
  user: UserRow | null;
  viewerId: string;
  onClose: () => void;
}) {
  const { busy, onSubmit, errors } = useUserForm(ResetPasswordSchema, user !== null, onClose);
  const self = user?.id === viewerId;
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title="Reset Password"
      description={
        user ? (
          <>
            Set a new password for <span className="font-medium text-slate-700 dark:text-slate-200">{user.name}</span> (
            {user.email}).{" "}
            {self ? "Your other sessions will be signed out." : "They will be signed out on every device."}
          </>
        ) : undefined
      }
    >
      {user ? (
        <form method="post" action={USERS_PATH} noValidate onSubmit={onSubmit} className="space-y-4" key={user.id}>
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="userId" value={user.id} />
          <fieldset disabled={busy}>
            <TextField
              label="New Password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint="8 to 128 characters."
              maxLength={128}
              autoFocus
              error={errors.newPassword}
            />
          </fieldset>
          <Actions busy={busy} onCancel={onClose}>
            {busy ? "Resetting..." : "Reset Password"}
          </Actions>
        </form>
      ) : null}
    </Dialog>
  );
}
