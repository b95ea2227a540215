import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button, Spinner } from "~/components/ui/button";
import { controlClass, SelectField } from "~/components/ui/field";
import { usersSearch, type RoleFilter } from "~/lib/accounts/user-validation";

export const USERS_PATH = "/admin/users";

const ROLE_OPTIONS: { value: RoleFilter; label: string }[] = [
  { value: "all", label: "All roles" },
  { value: "student", label: "Students" },
  { value: "admin", label: "Admins" },
];

/**
 * Search box and role filter. Both live in the URL (?q=&role=), so a view can
 * be shared and the back button works: typing replaces the current history
 * entry (one entry per search, not per keystroke), a role change pushes one.
 * Any change goes back to page 1. Without JavaScript it is a plain GET form.
 */
export function UsersToolbar({
  q,
  role,
  loading,
  onAdd,
}: {
  q: string;
  role: RoleFilter;
  loading: boolean;
  onAdd: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [roleValue, setRoleValue] = useState(role);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // Follow the URL when it changes from outside (back/forward, a shared link).
  useEffect(() => setText(q), [q]);
  useEffect(() => setRoleValue(role), [role]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function go(next: { q: string; role: RoleFilter }, replace: boolean) {
    clearTimeout(timer.current);
    navigate(`${USERS_PATH}${usersSearch({ q: next.q.trim(), role: next.role })}`, {
      replace,
      preventScrollReset: true,
    });
  }

  return (
    <Form
      method="get"
      action={USERS_PATH}
      role="search"
      aria-label="Find users"
      onSubmit={(event) => {
        event.preventDefault();
        go({ q: text, role: roleValue }, false);
      }}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <div className="relative min-w-60 flex-1">
        <label htmlFor="user-search" className="sr-only">
          Search users by name or email
        </label>
        <input
          id="user-search"
          type="search"
          name="q"
          value={text}
          maxLength={100}
          autoComplete="off"
          placeholder="Search by name or email"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            // The first search of a list pushes a history entry; refinements replace it.
            timer.current = setTimeout(() => go({ q: value, role: roleValue }, q !== ""), 300);
          }}
          className={`${controlClass} pr-9`}
        />
        {loading ? (
          <span className="absolute inset-y-0 right-3 flex items-center text-slate-400" role="status" aria-label="Loading users">
            <Spinner />
          </span>
        ) : null}
      </div>
      <SelectField
        id="user-role-filter"
        label="Filter by role"
        hideLabel
        name="role"
        value={roleValue}
        onChange={(event) => {
          const next = event.target.value as RoleFilter;
          setRoleValue(next);
          go({ q: text, role: next }, false);
        }}
        options={ROLE_OPTIONS}
      />
      <noscript>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </noscript>
      <Button onClick={onAdd} className="ml-auto">
        <span aria-hidden>+</span> Add User
      </Button>
    </Form>
  );
}
