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
import { messageOf } from "../ui/texts";
import { failureMessage, useSchemaForm } from "../ui/use-schema-form";
import { SavedRowsTab } from "./SavedRowsTab";
import type { AccountTexts } from "./texts";
import { useList } from "./use-list";

type Address = FrequentAddress;

interface County {
  id: number;
  name: string;
}

const EMPTY = { name: "", countyId: "", myAddress: false };

/** One address is own at a time: the server moved the mark, the list follows. */
function withMark(list: Address[], saved: Address): Address[] {
  return list.map((item) => (item.id === saved.id ? saved : saved.myAddress ? { ...item, myAddress: false } : item));
}

export function FrequentAddressesTab({ texts, countryCode }: { texts: AccountTexts; countryCode: string }) {
  const list = useList("/shop-api/frequent-addresses");
  const [counties, setCounties] = useState<County[]>([]);
  const form = useSchemaForm(frequentAddressSchema, EMPTY);
  const errors = form.formState.errors;

  useEffect(() => {
    api("GET /api/counties", { query: { "country-code": countryCode } })
      .then((rows) => setCounties([...rows].sort((a, b) => a.name.localeCompare(b.name, "es"))))
      .catch(() => setCounties([]));
  }, [countryCode]);

  async function markOwn(address: Address) {
    try {
      list.setItems(await api("PUT /shop-api/frequent-addresses/:id/my-address", { params: { id: address.id } }));
      showToast("success", texts["account.addresses.marked"]);
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  }

  return (
    <SavedRowsTab
      texts={texts}
      area="addresses"
      list={list}
      form={form}
      empty={EMPTY}
      valuesOf={(address) => ({ name: address.name, countyId: String(address.countyId), myAddress: address.myAddress })}
      firstField="name"
      save={(values, editing) => {
        const body = { name: values.name, countyId: values.countyId, myAddress: values.myAddress ? (1 as const) : (0 as const) };
        return editing ? api("PUT /shop-api/frequent-addresses/:id", { params: { id: editing.id }, body }) : api("POST /shop-api/frequent-addresses", { body });
      }}
      settle={withMark}
      nameOf={(address) => address.name}
      rowData="address"
      rowClass={(address) => (address.myAddress ? "account-item is-own" : "account-item")}
      actions={(address) =>
        address.myAddress ? null : (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => void markOwn(address)} aria-label={`${texts["account.addresses.mark_own"]}: ${address.name}`}>
            {texts["account.addresses.mark_own"]}
          </button>
        )
      }
      formTitleId="address-form-title"
      fields={
        <>
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
        </>
      }
    >
      {(address) => (
        <>
          <p className="item-title">
            {address.name}
            {address.myAddress ? <span className="own-badge">{texts["account.addresses.own_badge"]}</span> : null}
          </p>
          <p className="item-detail">{address.county.name}</p>
        </>
      )}
    </SavedRowsTab>
  );
}
