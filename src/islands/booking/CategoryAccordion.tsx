/**
 * Categories: a Radix accordion sorted by priority, one panel open at a
 * time (the first by default), flagged "Recomendado" when recommended, priced at the province's lowest price
 * ("Desde" when prices differ). Only a logged-in person can expand a category; a visitor sees the prices.
 */
import * as Accordion from "@radix-ui/react-accordion";
import { useState } from "react";
import { pickTranslation } from "../../views/events/translation";
import { formatPrice } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import type { DiscountAnswer } from "../../shared/schemas/purchase";
import type { Category } from "../../shared/types/catalogue";
import { Icon } from "./Icon";
import { categoriesForProvince, categoryPrice, provinceSubcategories } from "../../stores/booking-offer";
import { discountPriceOf } from "../../stores/booking-tickets";
import { SubcategoryRow } from "./SubcategoryRow";
import type { BookingTexts } from "./texts";

interface Props {
  categories: Category[];
  provinceId: number | null;
  quantity: Record<string, number>;
  discount: DiscountAnswer | null;
  currency: string;
  locale: Locale;
  loggedIn: boolean;
  canSelect: boolean;
  /** The chosen date: a sold-out subcategory offers its waiting list for it. */
  eventDateId: number | null;
  texts: BookingTexts;
}

export function CategoryAccordion({ categories, provinceId, quantity, discount, currency, locale, loggedIn, canSelect, eventDateId, texts }: Props) {
  const shown = categoriesForProvince(categories, provinceId);
  const [open, setOpen] = useState<string | null>(null);
  // The category of tickets already chosen (a draft brought back, a waiting-list offer) opens first.
  const chosen = shown.find((category) => category.subCategories.some((sub) => (quantity[sub.productVariantId] ?? 0) > 0)) ?? shown[0];
  const first = chosen ? String(chosen.id) : "";
  // The first panel is open by default; a closed accordion stays closed ("" = none open).
  const value = loggedIn ? (open ?? first) : "";

  if (shown.length === 0) return <p className="bk-empty">{texts["booking.categories.empty"]}</p>;

  return (
    <Accordion.Root
      type="single"
      collapsible
      className="bk-categories"
      value={value}
      onValueChange={(next) => setOpen(next)}
      disabled={!loggedIn}
    >
      {shown.map((category) => {
        const text = pickTranslation(category.translations, locale);
        const price = categoryPrice(category, provinceId);
        return (
          <Accordion.Item key={category.id} value={String(category.id)} className="bk-category" data-category={category.id}>
            <Accordion.Header className="bk-category-header">
              <Accordion.Trigger className="bk-category-trigger">
                <span className="bk-category-name">
                  {text?.name}
                  {category.recommended ? (
                    <span className="bk-badge">
                      <Icon name="star" size={14} />
                      {texts["booking.recommended"]}
                    </span>
                  ) : null}
                </span>
                {price ? (
                  <span className="bk-category-price">
                    {price.from ? <span className="bk-from">{texts["booking.price_from"]} </span> : null}
                    <strong>{formatPrice(price.amount, currency, locale)}</strong>
                  </span>
                ) : null}
                {loggedIn ? <Icon name="chevronDown" /> : null}
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="bk-category-content">
              {text?.description ? <p className="bk-category-description">{text.description}</p> : null}
              <ul className="bk-subs">
                {(provinceId === null ? [] : provinceSubcategories(category, provinceId, locale)).map((subcategory) => (
                  <SubcategoryRow
                    key={subcategory.productVariantId}
                    subcategory={subcategory}
                    quantity={quantity[subcategory.productVariantId] ?? 0}
                    discountPrice={discountPriceOf(discount, subcategory.productVariantId)}
                    currency={currency}
                    locale={locale}
                    canSelect={canSelect}
                    eventDateId={eventDateId}
                    texts={texts}
                  />
                ))}
              </ul>
            </Accordion.Content>
          </Accordion.Item>
        );
      })}
    </Accordion.Root>
  );
}
