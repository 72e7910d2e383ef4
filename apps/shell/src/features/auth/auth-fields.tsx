import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styled from 'styled-components';
import { Button, Field, Input, Label, theme } from '@bistro/ui';
import { MIN_PASSWORD_LENGTH } from '@bistro/auth';
import { FullWidth } from './auth-styles';

interface RequiredFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'required'
> {
  id: string;
  label: string;
  /** What react-hook-form's register(name, { required: true }) returned. */
  registration: UseFormRegisterReturn;
  /** A line under the input, e.g. the password rule. */
  hint?: ReactNode;
}

/** A labelled, required input of the auth forms. */
export function RequiredField({ id, label, registration, hint, ...input }: RequiredFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        required
        aria-describedby={hint ? hintId : undefined}
        {...input}
        {...registration}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </Field>
  );
}

const Hint = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.875rem;
`;

/** The password rule, shown under every field where a new password is chosen. */
export const NEW_PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/** The full-width submit button of an auth form; shows `busyLabel` while submitting. */
export function SubmitButton({
  busy,
  disabled = false,
  label,
  busyLabel,
}: {
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <FullWidth>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </FullWidth>
  );
}

/** The e-mail field of the auth forms. */
export const EmailField = ({
  id,
  registration,
}: {
  id: string;
  registration: UseFormRegisterReturn;
}) => (
  <RequiredField
    id={id}
    label="Email"
    type="email"
    autoComplete="email"
    registration={registration}
  />
);

/** A password field of the auth forms. */
export function PasswordField({
  label = 'Password',
  ...field
}: {
  id: string;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
  hint?: ReactNode;
}) {
  return <RequiredField label={label} type="password" {...field} />;
}
