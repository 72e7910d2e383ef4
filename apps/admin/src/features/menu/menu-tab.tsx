import { useId, useRef, useState, type FormEvent } from 'react';
import { useUserId } from '@bistro/auth';
import styled from 'styled-components';
import { Badge, Button, Field, FieldError, Input, Label, Muted, Row, theme } from '@bistro/ui';
import {
  MENU_TAGS,
  businessDate,
  eightySixPatch,
  formatPrice,
  isEightySixed,
  menuSaveFailed,
  menuSaved,
  parsePrice,
  useEventImageUploadMutation,
  useMenu,
  useMenuImageMutation,
  useMenuItemAddMutation,
  useMenuItemMoveMutation,
  useMenuItemRemoveMutation,
  useMenuItemUpdateMutation,
  useVenue,
  type MenuItemRow,
  type MenuSection,
} from '@bistro/data';
import { notify } from '../shared/notify';
import {
  ConfirmDialog,
  Item,
  ItemHead,
  Meta,
  QueryFrame,
  SmallButton,
  TabSection,
} from '../shared/ui';

const SectionBox = styled.section`
  margin-bottom: ${theme.space(8)};
  h3 {
    margin: 0 0 ${theme.space(3)};
    font-size: 1.2rem;
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0 0 ${theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const Inline = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space(2)};
  input {
    max-width: 8rem;
  }
`;

const TagBoxes = styled.fieldset`
  min-width: 0;
  border: 0;
  padding: 0;
  margin: 0 0 ${theme.space(3)};
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)} ${theme.space(4)};
  legend {
    font-weight: 600;
    margin-bottom: ${theme.space(1)};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${theme.space(1)};
    min-height: 44px;
  }
`;

const toastOptions = {
  onSuccess: () => notify(menuSaved),
  onError: (error: Error) => notify(menuSaveFailed(error)),
};

function TagPicker({
  value,
  onChange,
  legend,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  legend: string;
}) {
  return (
    <TagBoxes>
      <legend>{legend}</legend>
      {MENU_TAGS.map(({ tag, label }) => (
        <label key={tag}>
          <input
            type="checkbox"
            checked={value.includes(tag)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, tag] : value.filter((t) => t !== tag))
            }
          />
          {label}
        </label>
      ))}
    </TagBoxes>
  );
}

interface Draft {
  name: string;
  description: string;
  price: string;
  unit: string;
  tags: string[];
}

const draftOf = (item?: MenuItemRow): Draft => ({
  name: item?.name ?? '',
  description: item?.description ?? '',
  price: item ? (item.price_cents / 100).toFixed(2) : '',
  unit: item?.unit ?? '',
  tags: item?.tags ?? [],
});

/** Name, description, price, unit and tags of a new or existing item. */
function ItemForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  title,
}: {
  initial: Draft;
  submitLabel: string;
  busy: boolean;
  title: string;
  onSubmit: (draft: Draft & { priceCents: number }) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const priceCents = parsePrice(draft.price);
    if (!draft.name.trim()) return setError('Enter a name.');
    if (priceCents === null) return setError('Enter a price such as 14 or 14.50.');
    setError(null);
    onSubmit({ ...draft, name: draft.name.trim(), priceCents });
  };
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Field>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={draft.name}
          maxLength={100}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </Field>
      <Field>
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Input
          id={`${id}-description`}
          value={draft.description}
          maxLength={500}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
      </Field>
      <Row $gap={3}>
        <Field>
          <Label htmlFor={`${id}-price`}>Price ($)</Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            value={draft.price}
            onChange={(e) => setDraft({ ...draft, price: e.target.value })}
          />
        </Field>
        <Field>
          <Label htmlFor={`${id}-unit`}>Per (optional)</Label>
          <Input
            id={`${id}-unit`}
            value={draft.unit}
            maxLength={30}
            placeholder="glass"
            onChange={(e) => setDraft({ ...draft, unit: e.target.value })}
          />
        </Field>
      </Row>
      <TagPicker
        legend="Tags"
        value={draft.tags}
        onChange={(tags) => setDraft({ ...draft, tags })}
      />
      {error ? <FieldError role="alert">{error}</FieldError> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}

function MenuItemEntry({
  item,
  siblings,
  index,
  tonight,
}: {
  item: MenuItemRow;
  siblings: MenuItemRow[];
  index: number;
  tonight: string;
}) {
  const id = useId();
  const update = useMenuItemUpdateMutation(toastOptions);
  const move = useMenuItemMoveMutation(toastOptions);
  const remove = useMenuItemRemoveMutation(toastOptions);
  const [price, setPrice] = useState((item.price_cents / 100).toFixed(2));
  const [priceError, setPriceError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const out = isEightySixed(item, tonight);
  const busy = update.isPending || move.isPending || remove.isPending;

  const savePrice = (e: FormEvent) => {
    e.preventDefault();
    const cents = parsePrice(price);
    if (cents === null) return setPriceError('Enter a price such as 14 or 14.50.');
    setPriceError(null);
    update.mutate({ id: item.id, patch: { price_cents: cents } });
  };

  return (
    <Item aria-label={item.name}>
      <ItemHead>
        <h3>
          {item.name} · {formatPrice(item.price_cents)}
          {item.unit ? ` / ${item.unit}` : ''}
        </h3>
        <Row $gap={1}>
          {item.is_visible ? null : <Badge $tone="warning">Hidden</Badge>}
          {out ? (
            <Badge $tone="danger" $solid>
              86'd tonight
            </Badge>
          ) : null}
        </Row>
      </ItemHead>
      {item.description ? <Meta>{item.description}</Meta> : null}
      {item.tags.length ? (
        <Meta>
          {item.tags.map((t) => MENU_TAGS.find((m) => m.tag === t)?.label ?? t).join(', ')}
        </Meta>
      ) : null}
      <Inline onSubmit={savePrice} aria-label={`Price of ${item.name}`}>
        <Field style={{ margin: 0 }}>
          <Label htmlFor={`${id}-price`}>Price of {item.name} ($)</Label>
          <Input
            id={`${id}-price`}
            inputMode="decimal"
            value={price}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${id}-price-error` : undefined}
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        <SmallButton type="submit" disabled={busy}>
          Save price
        </SmallButton>
        {priceError ? <FieldError id={`${id}-price-error`}>{priceError}</FieldError> : null}
      </Inline>
      <Row $gap={2}>
        <SmallButton
          type="button"
          $variant={out ? 'primary' : 'danger'}
          disabled={busy}
          aria-pressed={out}
          onClick={() => update.mutate({ id: item.id, patch: eightySixPatch(!out) })}
        >
          86'd tonight
        </SmallButton>
        <SmallButton
          type="button"
          $variant="ghost"
          disabled={busy}
          onClick={() => update.mutate({ id: item.id, patch: { is_visible: !item.is_visible } })}
        >
          {item.is_visible ? 'Hide' : 'Show'}
        </SmallButton>
        <SmallButton
          type="button"
          $variant="ghost"
          disabled={busy || index === 0}
          aria-label={`Move ${item.name} up`}
          onClick={() => move.mutate({ items: siblings, id: item.id, direction: -1 })}
        >
          Up
        </SmallButton>
        <SmallButton
          type="button"
          $variant="ghost"
          disabled={busy || index === siblings.length - 1}
          aria-label={`Move ${item.name} down`}
          onClick={() => move.mutate({ items: siblings, id: item.id, direction: 1 })}
        >
          Down
        </SmallButton>
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
        <ItemForm
          title={`Edit ${item.name}`}
          initial={draftOf(item)}
          submitLabel="Save item"
          busy={update.isPending}
          onSubmit={(d) =>
            update.mutate(
              {
                id: item.id,
                patch: {
                  name: d.name,
                  description: d.description.trim(),
                  price_cents: d.priceCents,
                  unit: d.unit.trim(),
                  tags: d.tags,
                },
              },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${item.name}?`}
        description="It leaves the menu for good. To take it off for a while, hide it instead."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(item.id, { onSettled: () => setConfirming(false) })}
      />
    </Item>
  );
}

function SectionEditor({ section, tonight }: { section: MenuSection; tonight: string }) {
  const id = useId();
  const add = useMenuItemAddMutation(toastOptions);
  const [adding, setAdding] = useState(0);
  return (
    <SectionBox aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {section.title} {section.is_visible ? null : <Badge $tone="warning">Hidden</Badge>}
      </h3>
      {section.items.length ? (
        <Items aria-label={`${section.title} items`}>
          {section.items.map((item, index) => (
            <MenuItemEntry
              key={item.id}
              item={item}
              siblings={section.items}
              index={index}
              tonight={tonight}
            />
          ))}
        </Items>
      ) : (
        <Muted>No items yet.</Muted>
      )}
      <details>
        <summary
          style={{ cursor: 'pointer', minHeight: 44, display: 'flex', alignItems: 'center' }}
        >
          Add an item to {section.title}
        </summary>
        <ItemForm
          key={adding}
          title={`New item in ${section.title}`}
          initial={draftOf()}
          submitLabel="Add item"
          busy={add.isPending}
          onSubmit={(d) =>
            add.mutate(
              {
                section_id: section.id,
                name: d.name,
                description: d.description.trim(),
                price_cents: d.priceCents,
                unit: d.unit.trim(),
                tags: d.tags,
                position: (section.items.at(-1)?.position ?? 0) + 1,
              },
              { onSuccess: () => setAdding((n) => n + 1) },
            )
          }
        />
      </details>
    </SectionBox>
  );
}

/**
 * The order page's menu image: drawn from the menu itself unless an admin
 * uploads one (stored in the event-images bucket); "Use the drawn menu" goes back.
 */
function MenuImageCard() {
  const adminId = useUserId() ?? '';
  const { data: venue } = useVenue();
  const input = useRef<HTMLInputElement>(null);
  const save = useMenuImageMutation(toastOptions);
  const upload = useEventImageUploadMutation({
    onSuccess: (url) => save.mutate(url),
    onError: (error) => notify(menuSaveFailed(error)),
  });
  const busy = upload.isPending || save.isPending;
  return (
    <SectionBox aria-labelledby="menu-image-title">
      <h3 id="menu-image-title">Menu image</h3>
      <Muted style={{ marginTop: 0 }}>
        {venue?.menuImageUrl
          ? 'The order page shows your uploaded image.'
          : 'The order page draws the menu from the items below.'}
      </Muted>
      <Row $gap={2}>
        <SmallButton type="button" disabled={busy} onClick={() => input.current?.click()}>
          {upload.isPending ? 'Uploading…' : 'Upload a menu image'}
        </SmallButton>
        {venue?.menuImageUrl ? (
          <SmallButton
            type="button"
            $variant="ghost"
            disabled={busy}
            onClick={() => save.mutate(null)}
          >
            Use the drawn menu
          </SmallButton>
        ) : null}
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Menu image to upload"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate({ adminId, file });
          }}
        />
      </Row>
    </SectionBox>
  );
}

/** The Menu tab: every section and item, with prices, tags, order, visibility and 86'd tonight. */
export function MenuTab() {
  const menu = useMenu();
  const tonight = businessDate();
  return (
    <TabSection headingId="menu-title" title="Menu">
      <Muted style={{ marginTop: 0 }}>
        Changes show on the order page at once. "86'd tonight" ends at the close of tonight's
        business night.
      </Muted>
      <MenuImageCard />
      <QueryFrame query={menu} loadingLabel="Loading the menu…">
        {menu.data?.length ? (
          menu.data.map((section) => (
            <SectionEditor key={section.id} section={section} tonight={tonight} />
          ))
        ) : (
          <Muted role="status">The menu has no sections yet.</Muted>
        )}
      </QueryFrame>
    </TabSection>
  );
}
