import { useId, useState, type FormEvent } from 'react';
import { Button, Card, Field, FieldError, Input, Label, Muted, Row } from '@bistro/ui';
import {
  TEMPLATE_WEEKS,
  WEEKDAY_NAMES,
  formatClock,
  useEventTemplateAddMutation,
  useEventTemplateRemoveMutation,
  useEventTemplates,
  useTemplateEventsGenerateMutation,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { Item, ItemHead, Meta, QueryList, SmallButton } from '../shared/ui';

const failed = (error: Error) =>
  notify({ title: 'Action Failed', description: error.message, variant: 'destructive' });

/**
 * Weekly nights: templates ("Friday Night Neon, every Friday at 10 PM,
 * capacity 120") that generate their next 8 weeks of events, which then wait
 * in the list below for approval.
 */
export function WeeklyNightsCard() {
  const id = useId();
  const templates = useEventTemplates();
  const add = useEventTemplateAddMutation({
    onSuccess: () => {
      notify({ title: 'Weekly Night Added', variant: 'success' });
      setTitle('');
      setDescription('');
    },
    onError: failed,
  });
  const remove = useEventTemplateRemoveMutation({ onError: failed });
  const generate = useTemplateEventsGenerateMutation({
    onSuccess: (added) =>
      notify({
        title: 'Events Generated',
        description: `${added} new ${added === 1 ? 'night waits' : 'nights wait'} for approval below.`,
        variant: 'success',
      }),
    onError: failed,
  });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [weekday, setWeekday] = useState('5');
  const [time, setTime] = useState('22:00');
  const [capacity, setCapacity] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cap = capacity.trim() ? Number(capacity) : null;
    if (!title.trim()) return setError('Enter a title.');
    if (!/^\d{2}:\d{2}$/.test(time)) return setError('Enter a start time.');
    if (cap !== null && (!Number.isInteger(cap) || cap < 1 || cap > 100000))
      return setError('Capacity is a whole number from 1, or empty for no limit.');
    setError(null);
    add.mutate({
      title: title.trim(),
      description: description.trim(),
      weekday: Number(weekday),
      start_time: time,
      capacity: cap,
    });
  };

  return (
    <Card as="section" aria-labelledby={`${id}-title`} style={{ margin: '24px 0' }}>
      <h3 id={`${id}-title`} style={{ marginTop: 0 }}>
        Weekly nights
      </h3>
      <Muted style={{ marginTop: 0 }}>
        Generate the next {TEMPLATE_WEEKS} weeks of a recurring night; each waits for approval in
        the list below.
      </Muted>
      <QueryList
        query={templates}
        label="Weekly nights"
        loadingLabel="Loading weekly nights…"
        empty="No weekly nights yet."
      >
        {(rows) =>
          rows.map((t) => (
            <Item key={t.id} aria-label={t.title}>
              <ItemHead>
                <h3>{t.title}</h3>
              </ItemHead>
              <Meta>
                Every {WEEKDAY_NAMES[t.weekday]} at {formatClock(t.start_time)}
                {t.capacity ? `, capacity ${t.capacity}` : ''}
              </Meta>
              <Row $gap={2}>
                <SmallButton
                  type="button"
                  disabled={generate.isPending}
                  onClick={() => generate.mutate({ templateId: t.id })}
                >
                  Generate next {TEMPLATE_WEEKS} weeks
                </SmallButton>
                <SmallButton
                  type="button"
                  $variant="ghost"
                  disabled={remove.isPending}
                  aria-label={`Remove ${t.title}`}
                  onClick={() => remove.mutate(t.id)}
                >
                  Remove
                </SmallButton>
              </Row>
            </Item>
          ))
        }
      </QueryList>
      <form aria-label="New weekly night" onSubmit={submit} noValidate style={{ marginTop: 16 }}>
        <Field>
          <Label htmlFor={`${id}-name`}>Name of the night</Label>
          <Input
            id={`${id}-name`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-description`}>What happens</Label>
          <Input
            id={`${id}-description`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <Row $gap={3}>
          <Field>
            <Label htmlFor={`${id}-weekday`}>Every</Label>
            <select
              id={`${id}-weekday`}
              value={weekday}
              onChange={(e) => setWeekday(e.target.value)}
              style={{ minHeight: 44 }}
            >
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field>
            <Label htmlFor={`${id}-time`}>At (venue time)</Label>
            <Input
              id={`${id}-time`}
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
            />
          </Field>
          <Field>
            <Label htmlFor={`${id}-capacity`}>Capacity (optional)</Label>
            <Input
              id={`${id}-capacity`}
              inputMode="numeric"
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
          </Field>
        </Row>
        {error ? <FieldError role="alert">{error}</FieldError> : null}
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add weekly night'}
        </Button>
      </form>
    </Card>
  );
}
