-- Roles besides admin. `staff` works the night (the door, the host stand, tonight's lists) and
-- sees nothing else of the admin; `promoter` brings guests to a guest list with a tracked link.
-- Admins grant and revoke them in Admin Rights (rows of public.user_roles, admin-only by RLS),
-- so neither role can grant a role. New enum values can be used only after this transaction
-- commits: the checks that name them are in the next migration.
alter type public.app_role add value if not exists 'staff';
alter type public.app_role add value if not exists 'promoter';
