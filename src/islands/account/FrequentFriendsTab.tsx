/**
 * Frequent friends: the list (placeholder when empty) and a form that adds
 * a friend or edits the one picked; deleting asks first. Rules: fullname required, phone +569 or 9 then 8
 * digits, email valid.
 */
import { api } from "../../client/api";
import { frequentFriendSchema } from "../../shared/schemas/account";
import { messageOf } from "../ui/texts";
import { InputField } from "../ui/fields";
import { useSchemaForm } from "../ui/use-schema-form";
import { SavedRowsTab } from "./SavedRowsTab";
import type { AccountTexts } from "./texts";
import { useList } from "./use-list";

const EMPTY = { fullname: "", phone: "", email: "" };

export function FrequentFriendsTab({ texts }: { texts: AccountTexts }) {
  const list = useList("/shop-api/frequent-friends");
  const form = useSchemaForm(frequentFriendSchema, EMPTY);
  const errors = form.formState.errors;

  return (
    <SavedRowsTab
      texts={texts}
      area="friends"
      list={list}
      form={form}
      empty={EMPTY}
      valuesOf={(friend) => ({ fullname: friend.fullname, phone: friend.phone, email: friend.email })}
      firstField="fullname"
      save={(values, editing) =>
        editing ? api("PUT /shop-api/frequent-friends/:id", { params: { id: editing.id }, body: values }) : api("POST /shop-api/frequent-friends", { body: values })
      }
      nameOf={(friend) => friend.fullname}
      rowData="friend"
      formTitleId="friend-form-title"
      fields={
        <>
          <InputField label={texts["account.friends.fullname"]} autoComplete="off" registration={form.register("fullname")} error={messageOf(texts, errors.fullname?.message)} />
          <InputField
            label={texts["account.friends.phone"]}
            type="tel"
            autoComplete="off"
            hint={texts["account.friends.phone_hint"]}
            registration={form.register("phone")}
            error={messageOf(texts, errors.phone?.message)}
          />
          <InputField label={texts["account.friends.email"]} type="email" autoComplete="off" registration={form.register("email")} error={messageOf(texts, errors.email?.message)} />
        </>
      }
    >
      {(friend) => (
        <>
          <p className="item-title">{friend.fullname}</p>
          <p className="item-detail">
            <span>{friend.phone}</span> · <span>{friend.email}</span>
          </p>
        </>
      )}
    </SavedRowsTab>
  );
}
