import { useEffect, useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useFieldArray, useForm, type FieldError as HookFieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Field,
  FieldError,
  Input,
  Label,
  Muted,
  Row,
  Textarea,
  media,
  theme,
  toast,
} from '@bistro/ui';
import {
  WEEKDAY_NAMES,
  formatException,
  formatVenueDate,
  useHoursExceptionAddMutation,
  useHoursExceptionRemoveMutation,
  useAdminMfaMutation,
  useVenue,
  useVenueChanges,
  useVenueHoursMutation,
  useVenueSettingsMutation,
  venueSaveFailed,
  venueSaved,
  type Venue,
} from '@bistro/data';
import { formatDateTime } from '../shared/format';
import { notify } from '../shared/notify';
import { QueryFrame, QueryList, Item, Meta, SmallButton, TabSection } from '../shared/ui';
import {
  emptyException,
  exceptionInput,
  exceptionSchema,
  hoursInput,
  hoursSchema,
  hoursValues,
  settingsInput,
  settingsSchema,
  settingsValues,
  type ExceptionValues,
  type HoursValues,
  type SettingsValues,
} from './venue-form';

const Columns = styled.div`
  display: grid;
  gap: 0 ${theme.space(4)};
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Block = styled(Card)`
  margin-bottom: ${theme.space(6)};
  h3 {
    margin: 0 0 ${theme.space(4)};
    font-size: 1.15rem;
  }
`;

const DayRow = styled.fieldset`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  margin: 0 0 ${theme.space(3)};
  padding: ${theme.space(3)};
  min-width: 0;
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: minmax(0, 1fr);
  legend {
    font-weight: 700;
    padding: 0 ${theme.space(1)};
  }
  ${media.md} {
    grid-template-columns: 8rem minmax(0, 1fr) minmax(0, 1fr);
    align-items: end;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  min-height: 44px;
  grid-column: 1 / -1;
  ${media.md} {
    grid-column: auto;
  }
  input {
    width: 20px;
    height: 20px;
  }
`;

function TextField({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error?: HookFieldError;
  id: string;
  children: ReactNode;
}) {
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error?.message ? <FieldError id={`${id}-error`}>{error.message}</FieldError> : null}
    </Field>
  );
}

/** Props that tie an input to its label and error message. */
const described = (id: string, error?: HookFieldError) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

function SettingsForm({ venue }: { venue: Venue }) {
  const id = useId();
  const form = useForm<SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settingsValues(venue),
  });
  const links = useFieldArray({ control: form.control, name: 'social_links' });
  const save = useVenueSettingsMutation({
    onSuccess: () => notify(venueSaved),
    onError: (error) => notify(venueSaveFailed(error)),
  });
  const { errors } = form.formState;
  // A saved change comes back as the new record: the form starts from it.
  useEffect(() => form.reset(settingsValues(venue)), [venue, form]);

  const field = (name: Exclude<keyof SettingsValues, 'social_links'>, label: string) => (
    <TextField label={label} id={`${id}-${name}`} error={errors[name]}>
      <Input {...described(`${id}-${name}`, errors[name])} {...form.register(name)} />
    </TextField>
  );

  return (
    <Block
      as="form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate(settingsInput(settingsSchema.parse(values))),
      )}
    >
      <h3 id={`${id}-title`}>Details</h3>
      <Columns>
        {field('name', 'Name')}
        {field('short_name', 'Short name (navigation bar)')}
      </Columns>
      {field('tagline', 'Tagline')}
      <Columns>
        {field('street', 'Street address')}
        {field('city', 'City')}
        {field('region', 'State')}
        {field('region_code', 'State code')}
        {field('postal_code', 'ZIP code')}
        {field('phone', 'Phone')}
      </Columns>
      {field('email', 'E-mail')}
      {field('hours_note', 'Hours note (e.g. kitchen hours)')}
      <TextField label="Dress code" id={`${id}-dress`} error={errors.dress_code}>
        <Textarea
          {...described(`${id}-dress`, errors.dress_code)}
          {...form.register('dress_code')}
        />
      </TextField>
      <Columns>
        <TextField label="Minimum age" id={`${id}-age`} error={errors.minimum_age}>
          <Input
            type="number"
            inputMode="numeric"
            min={18}
            max={25}
            {...described(`${id}-age`, errors.minimum_age)}
            {...form.register('minimum_age')}
          />
        </TextField>
        <TextField
          label="Age limit applies from (empty: all ages at all hours)"
          id={`${id}-adults`}
          error={errors.adults_only_from}
        >
          <Input
            type="time"
            {...described(`${id}-adults`, errors.adults_only_from)}
            {...form.register('adults_only_from')}
          />
        </TextField>
      </Columns>
      <Columns>
        <TextField
          label="Door capacity per night (empty: no limit shown)"
          id={`${id}-capacity`}
          error={errors.door_capacity}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={100000}
            {...described(`${id}-capacity`, errors.door_capacity)}
            {...form.register('door_capacity')}
          />
        </TextField>
        <TextField
          label="Mark no-shows the next morning at"
          id={`${id}-noshows`}
          error={errors.no_shows_at}
        >
          <Input
            type="time"
            {...described(`${id}-noshows`, errors.no_shows_at)}
            {...form.register('no_shows_at')}
          />
        </TextField>
      </Columns>
      <TextField label="Cover charge note" id={`${id}-cover`} error={errors.cover_charge_note}>
        <Textarea
          {...described(`${id}-cover`, errors.cover_charge_note)}
          {...form.register('cover_charge_note')}
        />
      </TextField>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px', minWidth: 0 }}>
        <legend style={{ fontWeight: 700, marginBottom: 8 }}>Social links</legend>
        {links.fields.map((link, i) => {
          const linkErrors = errors.social_links?.[i];
          return (
            <Columns key={link.id}>
              <TextField label={`Link ${i + 1} label`} id={`${id}-l${i}`} error={linkErrors?.label}>
                <Input
                  {...described(`${id}-l${i}`, linkErrors?.label)}
                  {...form.register(`social_links.${i}.label`)}
                />
              </TextField>
              <TextField label={`Link ${i + 1} address`} id={`${id}-u${i}`} error={linkErrors?.url}>
                <Row $gap={2} style={{ flexWrap: 'nowrap' }}>
                  <Input
                    type="url"
                    {...described(`${id}-u${i}`, linkErrors?.url)}
                    {...form.register(`social_links.${i}.url`)}
                  />
                  <SmallButton
                    type="button"
                    $variant="ghost"
                    aria-label={`Remove link ${i + 1}`}
                    onClick={() => links.remove(i)}
                  >
                    Remove
                  </SmallButton>
                </Row>
              </TextField>
            </Columns>
          );
        })}
        {links.fields.length < 8 ? (
          <SmallButton
            type="button"
            $variant="ghost"
            onClick={() => links.append({ label: '', url: 'https://' })}
          >
            Add a link
          </SmallButton>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save details'}
      </Button>
    </Block>
  );
}

function HoursForm({ venue }: { venue: Venue }) {
  const id = useId();
  const form = useForm<HoursValues>({
    resolver: zodResolver(hoursSchema),
    defaultValues: hoursValues(venue.hours),
  });
  const save = useVenueHoursMutation({
    onSuccess: () => notify(venueSaved),
    onError: (error) => notify(venueSaveFailed(error)),
  });
  useEffect(() => form.reset(hoursValues(venue.hours)), [venue.hours, form]);
  const days = form.watch('days');
  const { errors } = form.formState;

  return (
    <Block
      as="form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ days: hoursInput(values), before: venue.hours }),
      )}
    >
      <h3 id={`${id}-title`}>Opening hours</h3>
      <Muted style={{ marginTop: 0 }}>
        Venue time. A closing time at or before the opening time is after midnight.
      </Muted>
      {days.map((day, i) => {
        const name = WEEKDAY_NAMES[day.weekday];
        const dayErrors = errors.days?.[i];
        return (
          <DayRow key={day.weekday} aria-label={`${name} hours`}>
            <legend>{name}</legend>
            <Check>
              <input type="checkbox" {...form.register(`days.${i}.is_closed`)} />
              Closed
            </Check>
            <TextField label={`${name} opens`} id={`${id}-o${i}`} error={dayErrors?.opens_at}>
              <Input
                type="time"
                disabled={day.is_closed}
                {...described(`${id}-o${i}`, dayErrors?.opens_at)}
                {...form.register(`days.${i}.opens_at`)}
              />
            </TextField>
            <TextField label={`${name} closes`} id={`${id}-c${i}`} error={dayErrors?.closes_at}>
              <Input
                type="time"
                disabled={day.is_closed}
                {...described(`${id}-c${i}`, dayErrors?.closes_at)}
                {...form.register(`days.${i}.closes_at`)}
              />
            </TextField>
          </DayRow>
        );
      })}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save hours'}
      </Button>
    </Block>
  );
}

function ExceptionsForm({ venue }: { venue: Venue }) {
  const id = useId();
  const form = useForm<ExceptionValues>({
    resolver: zodResolver(exceptionSchema),
    defaultValues: emptyException,
  });
  const add = useHoursExceptionAddMutation({
    onSuccess: () => {
      notify(venueSaved);
      form.reset(emptyException);
    },
    onError: (error) => notify(venueSaveFailed(error)),
  });
  const remove = useHoursExceptionRemoveMutation({
    onSuccess: () => notify(venueSaved),
    onError: (error) => notify(venueSaveFailed(error)),
  });
  const closed = form.watch('is_closed');
  const { errors } = form.formState;

  return (
    <Block as="section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Special dates</h3>
      <Muted style={{ marginTop: 0 }}>
        Holidays and private buyouts: other hours for one date.
      </Muted>
      {venue.exceptions.length ? (
        <ul aria-label="Special dates" style={{ paddingLeft: 20 }}>
          {venue.exceptions.map((e) => (
            <li key={e.id} style={{ marginBottom: 8 }}>
              {formatException(e)}{' '}
              <SmallButton
                type="button"
                $variant="ghost"
                disabled={remove.isPending}
                aria-label={`Remove ${e.label} on ${formatVenueDate(e.on_date)}`}
                onClick={() => remove.mutate(e.id)}
              >
                Remove
              </SmallButton>
            </li>
          ))}
        </ul>
      ) : (
        <Muted role="status">No special dates ahead.</Muted>
      )}
      <form
        aria-label="Add a special date"
        noValidate
        onSubmit={form.handleSubmit((values) => add.mutate(exceptionInput(values)))}
      >
        <Columns>
          <TextField label="Date" id={`${id}-date`} error={errors.on_date}>
            <Input
              type="date"
              {...described(`${id}-date`, errors.on_date)}
              {...form.register('on_date')}
            />
          </TextField>
          <TextField label="What is on" id={`${id}-label`} error={errors.label}>
            <Input
              placeholder="Thanksgiving Day"
              {...described(`${id}-label`, errors.label)}
              {...form.register('label')}
            />
          </TextField>
        </Columns>
        <Check>
          <input type="checkbox" {...form.register('is_closed')} />
          Closed all day
        </Check>
        {closed ? null : (
          <Columns>
            <TextField label="Opens" id={`${id}-opens`} error={errors.opens_at}>
              <Input
                type="time"
                {...described(`${id}-opens`, errors.opens_at)}
                {...form.register('opens_at')}
              />
            </TextField>
            <TextField label="Closes" id={`${id}-closes`} error={errors.closes_at}>
              <Input
                type="time"
                {...described(`${id}-closes`, errors.closes_at)}
                {...form.register('closes_at')}
              />
            </TextField>
          </Columns>
        )}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add special date'}
        </Button>
      </form>
    </Block>
  );
}

const show = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? '(empty)'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** What a failed change of the code requirement says (the database's refusals in words). */
function adminMfaFailed(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code === '42501')
    return 'Sign in with your authenticator code first (set it up on your profile), then turn this on.';
  return typeof e?.message === 'string' && e.message ? e.message : 'Please try again.';
}

/**
 * Whether admin actions need a session completed with an authenticator code (the database
 * enforces it; admins set up their app on the profile page).
 */
function AdminSecurity({ venue }: { venue: Venue }) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const save = useAdminMfaMutation({
    onSuccess: (_data, required) =>
      toast({
        title: 'Saved',
        description: required
          ? 'Admin actions now need an authenticator code at sign-in.'
          : 'Admin actions no longer need an authenticator code.',
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: 'Could not save',
        description: adminMfaFailed(error),
        variant: 'destructive',
      }),
  });
  return (
    <Block as="section" aria-labelledby="venue-security-title">
      <h3 id="venue-security-title">Admin sign-in</h3>
      <Muted style={{ marginTop: 0 }}>
        Require a code from an authenticator app for admin actions. Admins without one set up
        (profile page, Two-step sign-in) can still sign in but cannot change anything until they add
        it.
      </Muted>
      <Check>
        <input
          type="checkbox"
          checked={asked ?? venue.adminRequiresMfa}
          disabled={save.isPending}
          onChange={(e) => {
            const required = e.target.checked;
            // shown at once; the saved value (or the old one, on failure) once the call ends
            setAsked(required);
            save.mutate(required, { onSettled: () => setAsked(null) });
          }}
        />
        Require an authenticator code for admin actions
      </Check>
    </Block>
  );
}

function History() {
  const changes = useVenueChanges();
  return (
    <TabSection headingId="venue-history-title" title="Recent changes">
      <QueryList
        query={changes}
        label="Recent venue changes"
        loadingLabel="Loading changes…"
        empty="No changes yet."
      >
        {(rows) =>
          rows.map((c) => (
            <Item key={c.id}>
              <Meta>
                {formatDateTime(c.changedAt)} · {c.changedBy ?? 'System'} ·{' '}
                {c.operation.toLowerCase()} {c.tableName.replace(/_/g, ' ')} {c.rowKey}
              </Meta>
              <ul style={{ margin: 0, paddingLeft: 20, overflowWrap: 'anywhere' }}>
                {c.fields.map((f) => (
                  <li key={f.field}>
                    {f.field.replace(/_/g, ' ')}: {show(f.before)} → {show(f.after)}
                  </li>
                ))}
              </ul>
            </Item>
          ))
        }
      </QueryList>
    </TabSection>
  );
}

/** The Venue tab: the venue record (details, weekly hours, special dates) and its history. */
export function VenueTab() {
  const venue = useVenue();
  return (
    <TabSection headingId="venue-title" title="Venue">
      <Muted style={{ marginTop: 0 }}>
        What guests see in the footer, on the contact, events and order pages, in the chat
        assistant, in mails and in calendar invitations.
      </Muted>
      <QueryFrame query={venue} loadingLabel="Loading the venue…">
        {venue.data ? (
          <>
            <SettingsForm venue={venue.data} />
            <HoursForm venue={venue.data} />
            <ExceptionsForm venue={venue.data} />
            <AdminSecurity venue={venue.data} />
          </>
        ) : null}
      </QueryFrame>
      <History />
    </TabSection>
  );
}
