/**
 * Frequent friends: the list (placeholder when empty) and a form that adds
 * a friend or edits the one picked; deleting asks first. Rules: fullname required, phone +569 or 9 then 8
 * digits, email valid.
 */
import { useState } from "react";
import { api } from "../../client/api";
import type { FrequentFriend } from "../../shared/schemas/answers/account";
import { frequentFriendSchema } from "../../shared/schemas/account";
import { showToast } from "../../stores/toasts";
import { fill, messageOf } from "../ui/texts";
import { InputField } from "../ui/fields";
import { failureMessage, showServerFields, useSchemaForm } from "../ui/use-schema-form";
import { ConfirmDialog } from "./ConfirmDialog";
import type { AccountTexts } from "./texts";
import { ListState } from "./ListState";
import { useList } from "./use-list";

type Friend = FrequentFriend;

const EMPTY = { fullname: "", phone: "", email: "" };

export function FrequentFriendsTab({ texts }: { texts: AccountTexts }) {
  const { items, setItems, state, removeRow } = useList("/shop-api/frequent-friends");
  const [editing, setEditing] = useState<Friend | null>(null);
  const [deleting, setDeleting] = useState<Friend | null>(null);
  const form = useSchemaForm(frequentFriendSchema, EMPTY);
  const errors = form.formState.errors;

  function edit(friend: Friend) {
    setEditing(friend);
    form.reset({ fullname: friend.fullname, phone: friend.phone, email: friend.email });
    form.setFocus("fullname");
  }

  function stopEditing() {
    setEditing(null);
    form.reset(EMPTY);
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        const saved = await api("PUT /shop-api/frequent-friends/:id", { params: { id: editing.id }, body: values });
        setItems(items.map((friend) => (friend.id === saved.id ? saved : friend)));
        showToast("success", texts["account.friends.updated"]);
      } else {
        const added = await api("POST /shop-api/frequent-friends", { body: values });
        setItems([...items, added]);
        showToast("success", texts["account.friends.added"]);
      }
      stopEditing();
    } catch (error) {
      if (showServerFields(form, error)) return;
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  });

  async function remove(friend: Friend) {
    setDeleting(null);
    try {
      await removeRow(friend.id);
      if (editing?.id === friend.id) stopEditing();
      showToast("success", texts["account.friends.deleted"]);
    } catch (error) {
      showToast("error", failureMessage(error, texts["auth.network_error"]));
    }
  }

  return (
    <div className="account-section">
      <h1 className="account-title">{texts["account.friends.title"]}</h1>
      <p className="account-intro">{texts["account.friends.intro"]}</p>
      <ListState state={state} empty={items.length === 0} emptyText={texts["account.friends.empty"]} texts={texts} />
      {items.length > 0 ? (
        <ul className="account-list" aria-label={texts["account.friends.title"]}>
          {items.map((friend) => (
            <li key={friend.id} className="account-item" data-friend={friend.id}>
              <div className="item-main">
                <p className="item-title">{friend.fullname}</p>
                <p className="item-detail">
                  <span>{friend.phone}</span> · <span>{friend.email}</span>
                </p>
              </div>
              <div className="item-actions">
                <button type="button" className="btn btn-small btn-ghost" onClick={() => edit(friend)} aria-label={`${texts["account.edit"]}: ${friend.fullname}`}>
                  {texts["account.edit"]}
                </button>
                <button type="button" className="btn btn-small btn-ghost btn-ghost-danger" onClick={() => setDeleting(friend)} aria-label={`${texts["account.delete"]}: ${friend.fullname}`}>
                  {texts["account.delete"]}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <form className="account-form account-card" noValidate onSubmit={submit} aria-labelledby="friend-form-title">
        <h2 id="friend-form-title" className="account-subtitle">
          {editing ? texts["account.friends.edit_title"] : texts["account.friends.add"]}
        </h2>
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
        <div className="account-actions">
          {editing ? (
            <button type="button" className="btn btn-ghost" onClick={stopEditing}>
              {texts["account.cancel"]}
            </button>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
            {editing ? texts["account.save"] : texts["account.friends.add"]}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        question={fill(texts["account.friends.confirm_delete"], { name: deleting?.fullname ?? "" })}
        confirmLabel={texts["account.confirm"]}
        cancelLabel={texts["account.cancel"]}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
