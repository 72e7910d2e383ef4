import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Field, FieldError, Input, Label, Muted, Row, Textarea } from '@bistro/ui';
import {
  businessDate,
  formatValidity,
  lastNightBefore,
  useAllOffers,
  useOfferTextMutation,
  usePromotionRemoveMutation,
  usePromotionSaveMutation,
  usePromotions,
  venueInstant,
  type AdminOffer,
  type PromotionRow,
} from '@bistro/data';
import { notify } from '../shared/notify';
import {
  ConfirmDialog,
  Item,
  ItemHead,
  Meta,
  QueryList,
  SmallButton,
  TabSection,
} from '../shared/ui';

const saved = { title: 'Promotions Updated', description: 'Guests see it on their next visit.' };
const toastOptions = {
  onSuccess: () => notify({ ...saved, variant: 'success' }),
  onError: (error: Error) =>
    notify({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
};

/** The instant after the last day (venue midnight): what valid_until stores for "through <day>". */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return new Date(
    venueInstant({
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
    }),
  ).toISOString();
}

interface PromotionDraft {
  title: string;
  body: string;
  starts_on: string;
  ends_on: string;
  is_active: boolean;
}

function PromotionForm({
  initial,
  label,
  busy,
  onSave,
}: {
  initial: PromotionDraft;
  label: string;
  busy: boolean;
  onSave: (draft: PromotionDraft) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim()) return setError('Enter a title.');
    if (!draft.starts_on) return setError('Pick the first day.');
    if (draft.ends_on && draft.ends_on < draft.starts_on)
      return setError('The last day cannot be before the first.');
    setError(null);
    onSave({ ...draft, title: draft.title.trim(), body: draft.body.trim() });
  };
  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <Field>
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={draft.title}
          maxLength={120}
          onChange={(e) => setDraft({ ...draft, title: e.target.value })}
        />
      </Field>
      <Field>
        <Label htmlFor={`${id}-body`}>Text</Label>
        <Textarea
          id={`${id}-body`}
          value={draft.body}
          maxLength={500}
          onChange={(e) => setDraft({ ...draft, body: e.target.value })}
        />
      </Field>
      <Row $gap={3}>
        <Field>
          <Label htmlFor={`${id}-starts`}>First day</Label>
          <Input
            id={`${id}-starts`}
            type="date"
            value={draft.starts_on}
            onChange={(e) => setDraft({ ...draft, starts_on: e.target.value })}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-ends`}>Last day (empty: no end)</Label>
          <Input
            id={`${id}-ends`}
            type="date"
            value={draft.ends_on}
            onChange={(e) => setDraft({ ...draft, ends_on: e.target.value })}
          />
        </Field>
      </Row>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}>
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(e) => setDraft({ ...draft, is_active: e.target.checked })}
        />
        Shown on the home page
      </label>
      {error ? <FieldError role="alert">{error}</FieldError> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save promotion'}
      </Button>
    </form>
  );
}

const draftOf = (p?: PromotionRow): PromotionDraft => ({
  title: p?.title ?? '',
  body: p?.body ?? '',
  starts_on: p?.starts_on ?? businessDate(),
  ends_on: p?.ends_on ?? '',
  is_active: p?.is_active ?? true,
});

function PromotionEntry({ promotion, tonight }: { promotion: PromotionRow; tonight: string }) {
  const save = usePromotionSaveMutation(toastOptions);
  const remove = usePromotionRemoveMutation(toastOptions);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const validity = formatValidity(promotion.ends_on, tonight);
  return (
    <Item aria-label={promotion.title}>
      <ItemHead>
        <h3>{promotion.title}</h3>
        {promotion.is_active ? null : <Badge $tone="warning">Off</Badge>}
      </ItemHead>
      {promotion.body ? <Meta>{promotion.body}</Meta> : null}
      <Meta>
        From {promotion.starts_on}
        {validity ? ` · ${validity}` : ' · no end'}
      </Meta>
      <Row $gap={2}>
        <SmallButton
          type="button"
          $variant="ghost"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Edit
        </SmallButton>
        <SmallButton type="button" $variant="danger" onClick={() => setConfirming(true)}>
          Delete
        </SmallButton>
      </Row>
      {editing ? (
        <PromotionForm
          label={`Edit ${promotion.title}`}
          initial={draftOf(promotion)}
          busy={save.isPending}
          onSave={(d) =>
            save.mutate(
              {
                id: promotion.id,
                input: { ...d, ends_on: d.ends_on || null, position: promotion.position },
              },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${promotion.title}?`}
        description="It leaves the home page for good. To pause it, untick Shown on the home page."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(promotion.id, { onSettled: () => setConfirming(false) })}
      />
    </Item>
  );
}

function OfferEntry({ offer, tonight }: { offer: AdminOffer; tonight: string }) {
  const id = useId();
  const save = useOfferTextMutation(toastOptions);
  const lastNight = offer.valid_until ? lastNightBefore(offer.valid_until) : null;
  const [title, setTitle] = useState(offer.title);
  const [description, setDescription] = useState(offer.description ?? '');
  const [through, setThrough] = useState(lastNight ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    save.mutate({
      id: offer.id,
      patch: {
        title: title.trim(),
        description: description.trim(),
        valid_until: through ? endOfDay(through) : null,
      },
    });
  };
  return (
    <Item aria-label={offer.title}>
      <ItemHead>
        <h3>{offer.title}</h3>
        <Row $gap={1}>
          <Badge $tone="primary">{offer.offer_type}</Badge>
          {offer.is_active ? null : <Badge $tone="warning">Inactive</Badge>}
        </Row>
      </ItemHead>
      <Meta>{formatValidity(lastNight, tonight) ?? 'No end date'}</Meta>
      <form aria-label={`Edit ${offer.title}`} onSubmit={submit} noValidate>
        <Field>
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-text`}>Text</Label>
          <Textarea
            id={`${id}-text`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-through`}>Valid through (venue date; empty: no end)</Label>
          <Input
            id={`${id}-through`}
            type="date"
            value={through}
            onChange={(e) => setThrough(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={save.isPending || !title.trim()}>
          {save.isPending ? 'Saving…' : 'Save offer'}
        </Button>
      </form>
    </Item>
  );
}

/** The Promotions tab: the home page's promotions and the member offers' texts and validity. */
export function PromotionsTab() {
  const promotions = usePromotions('all');
  const offers = useAllOffers();
  const save = usePromotionSaveMutation(toastOptions);
  const [formKey, setFormKey] = useState(0);
  const tonight = businessDate();
  return (
    <TabSection headingId="promotions-title" title="Promotions">
      <Muted style={{ marginTop: 0 }}>
        The Special Promotions card on the home page, and the texts of the member offers.
      </Muted>
      <QueryList
        query={promotions}
        label="Promotions"
        loadingLabel="Loading promotions…"
        empty="No promotions yet."
      >
        {(rows) => rows.map((p) => <PromotionEntry key={p.id} promotion={p} tonight={tonight} />)}
      </QueryList>
      <details style={{ margin: '16px 0 32px' }}>
        <summary
          style={{ cursor: 'pointer', minHeight: 44, display: 'flex', alignItems: 'center' }}
        >
          Add a promotion
        </summary>
        <PromotionForm
          key={formKey}
          label="New promotion"
          initial={draftOf()}
          busy={save.isPending}
          onSave={(d) =>
            save.mutate(
              {
                input: {
                  ...d,
                  ends_on: d.ends_on || null,
                  position: (promotions.data?.at(-1)?.position ?? 0) + 1,
                },
              },
              { onSuccess: () => setFormKey((k) => k + 1) },
            )
          }
        />
      </details>
      <TabSection headingId="offers-texts-title" title="Member offers">
        <QueryList
          query={offers}
          label="Member offers"
          loadingLabel="Loading offers…"
          empty="No offers yet."
        >
          {(rows) => rows.map((o) => <OfferEntry key={o.id} offer={o} tonight={tonight} />)}
        </QueryList>
      </TabSection>
    </TabSection>
  );
}
