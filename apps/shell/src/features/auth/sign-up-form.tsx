import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, FieldError, Input, Label, dismissToasts, toast } from '@bistro/ui';
import { signUp, signUpFailed } from '@bistro/auth';
import { NAME_MAX_LENGTH, businessDate } from '@bistro/data';
import {
  RequiredField,
  EmailField,
  PasswordField,
  SubmitButton,
  NEW_PASSWORD_HINT,
} from './auth-fields';
import { BirthdayHint, NameRow } from './auth-styles';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  birthday: string;
}

export function SignUpForm({
  onVerify,
  returnTo,
}: {
  onVerify: (email: string) => void;
  /** The page the confirmation link brings the new member back to. */
  returnTo?: string | null;
}) {
  const { register, handleSubmit, formState } = useForm<Values>();
  // what went wrong, said above the button it came from (the toast may be off screen or closed)
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (values: Values) => {
    setFormError(null);
    const email = values.email.trim();
    const { error, needsVerification } = await signUp({
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      birthday: values.birthday || null,
      returnTo,
    });
    if (error) {
      const message = signUpFailed(error);
      setFormError(message.description ?? message.title);
      toast(message);
      return;
    }
    // What the page said before (e.g. "Authentication Required") no longer applies.
    dismissToasts();
    toast({
      title: 'Account created!',
      description: 'Please check your email to verify your account.',
      variant: 'success',
    });
    if (needsVerification) onVerify(email);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} aria-label="Sign Up">
      <NameRow>
        <RequiredField
          id="signup-first-name"
          label="First name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          registration={register('firstName', { required: true })}
        />
        <RequiredField
          id="signup-last-name"
          label="Last name"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          registration={register('lastName', { required: true })}
        />
      </NameRow>
      <EmailField id="signup-email" registration={register('email', { required: true })} />
      <PasswordField
        id="signup-password"
        autoComplete="new-password"
        registration={register('password', { required: true })}
        hint={NEW_PASSWORD_HINT}
      />
      <Field>
        <Label htmlFor="signup-birthday">Birthday (optional)</Label>
        <Input
          id="signup-birthday"
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={businessDate()}
          aria-describedby="signup-birthday-hint"
          {...register('birthday')}
        />
        <BirthdayHint id="signup-birthday-hint">
          For your birthday treat. Set once: the venue changes it if needed.
        </BirthdayHint>
      </Field>
      {formError ? (
        <FieldError role="alert" id="signup-error">
          {formError}
        </FieldError>
      ) : null}
      <SubmitButton busy={formState.isSubmitting} label="Sign Up" busyLabel="Creating account…" />
    </form>
  );
}
