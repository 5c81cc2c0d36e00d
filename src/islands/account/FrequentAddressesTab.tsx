/**
 * Frequent addresses: the list (placeholder when empty) with the own
 * address marked, and a form to add or edit one: name of at least 3 characters ('Debe ser mayor 3
 * caracteres'), a county from /api/counties, and "this is my address" (sent as 1 or 0). Only one address
 * is the person's own; marking another moves the mark.
 */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import type { FrequentAddress } from "../../shared/schemas/answers/account";
import { frequentAddressSchema } from "../../shared/schemas/account";
import { showToast } from "../../stores/toasts";
import { CheckboxField, InputField, SelectField } from "../ui/fields";
import { fill, messageOf } from "../ui/texts";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";
import { ConfirmDialog } from "./ConfirmDialog";
import type { AccountTexts } from "./texts";
import { ListState } from "./ListState";
import { useList } from "./use-list";

type Address = FrequentAddress;

interface County {
  id: number;
  name: string;
}

const EMPTY = { name: "", countyId: "", myAddress: false };

export function FrequentAddressesTab({ texts, countryCode }: { texts: AccountTexts; countryCode: string }) {
  const { items, setItems, state, removeRow } = useList("/shop-api/frequent-addresses");
  const [counties, setCounties] = useState<County[]>([]);
  const [editing, setEditing] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const form = useSchemaForm(frequentAddressSchema, EMPTY);
  const errors = form.formState.errors;

  useEffect(() => {
    api("GET /api/counties", { query: { "country-code": countryCode } })
      .then((rows) => setCounties([...rows].sort((a, b) => a.name.localeCompare(b.name, "es"))))
      .catch(() => setCounties([]));
  }, [countryCode]);

  function edit(address: Address) {
    setEditing(address);
    form.reset({ name: address.name, countyId: String(address.countyId), myAddress: address.myAddress });
    form.setFocus("name");
  }

  function stopEditing() {
    setEditing(null);
    form.reset(EMPTY);
  }

  /** One address is own at a time: the server moved the mark, the list follows. */
  function withMark(list: Address[], saved: Address): Address[] {
    return list.map((item) => (item.id === saved.id ? saved : saved.myAddress ? { ...item, myAddress: false } : item));
  }

  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name, countyId: values.countyId, myAddress: values.myAddress ? (1 as const) : (0 as const) };
    try {
      if (editing) {
        const saved = await api("PUT /shop-api/frequent-addresses/:id", { params: { id: editing.id }, body });
        setItems(withMark(items, saved));
        showToast("success", texts["account.addresses.updated"]);
      } else {
        const added = await api("POST /shop-api/frequent-addresses", { body });
        setItems(withMark([...items, added], added));
        showToast("success", texts["account.addresses.added"]);
      }
      stopEditing();
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  async function markOwn(address: Address) {
    try {
      setItems(await api("PUT /shop-api/frequent-addresses/:id/my-address", { params: { id: address.id } }));
      showToast("success", texts["account.addresses.marked"]);
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  }

  async function remove(address: Address) {
    setDeleting(null);
    try {
      await removeRow(address.id);
      if (editing?.id === address.id) stopEditing();
      showToast("success", texts["account.addresses.deleted"]);
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  }

  return (
    <div className="account-section">
      <h1 className="account-title">{texts["account.addresses.title"]}</h1>
      <p className="account-intro">{texts["account.addresses.intro"]}</p>
      <ListState state={state} empty={items.length === 0} emptyText={texts["account.addresses.empty"]} texts={texts} />
      {items.length > 0 ? (
        <ul className="account-list" aria-label={texts["account.addresses.title"]}>
          {items.map((address) => (
            <li key={address.id} className={address.myAddress ? "account-item is-own" : "account-item"} data-address={address.id}>
              <div className="item-main">
                <p className="item-title">
                  {address.name}
                  {address.myAddress ? <span className="own-badge">{texts["account.addresses.own_badge"]}</span> : null}
                </p>
                <p className="item-detail">{address.county.name}</p>
              </div>
              <div className="item-actions">
                {address.myAddress ? null : (
                  <button type="button" className="btn btn-small btn-ghost" onClick={() => void markOwn(address)} aria-label={`${texts["account.addresses.mark_own"]}: ${address.name}`}>
                    {texts["account.addresses.mark_own"]}
                  </button>
                )}
                <button type="button" className="btn btn-small btn-ghost" onClick={() => edit(address)} aria-label={`${texts["account.edit"]}: ${address.name}`}>
                  {texts["account.edit"]}
                </button>
                <button type="button" className="btn btn-small btn-ghost btn-ghost-danger" onClick={() => setDeleting(address)} aria-label={`${texts["account.delete"]}: ${address.name}`}>
                  {texts["account.delete"]}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <form className="account-form account-card" noValidate onSubmit={submit} aria-labelledby="address-form-title">
        <h2 id="address-form-title" className="account-subtitle">
          {editing ? texts["account.addresses.edit_title"] : texts["account.addresses.add"]}
        </h2>
        <InputField label={texts["account.addresses.name"]} autoComplete="address-line1" registration={form.register("name")} error={messageOf(texts, errors.name?.message)} />
        <SelectField label={texts["account.addresses.county"]} registration={form.register("countyId")} error={messageOf(texts, errors.countyId?.message)}>
          <option value="">{texts["account.addresses.county_placeholder"]}</option>
          {counties.map((county) => (
            <option key={county.id} value={county.id}>
              {county.name}
            </option>
          ))}
        </SelectField>
        <CheckboxField id="address-own" label={texts["account.addresses.my_address"]} registration={form.register("myAddress")} />
        <div className="account-actions">
          {editing ? (
            <button type="button" className="btn btn-ghost" onClick={stopEditing}>
              {texts["account.cancel"]}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {editing ? texts["account.save"] : texts["account.addresses.add"]}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        question={fill(texts["account.addresses.confirm_delete"], { name: deleting?.name ?? "" })}
        confirmLabel={texts["account.confirm"]}
        cancelLabel={texts["account.cancel"]}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
