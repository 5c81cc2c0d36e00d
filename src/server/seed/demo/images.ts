/** Where the generated demo images live (public/demo, written by scripts/generate-demo-images.ts). */
export const eventBannerPath = (slug: string) => `/demo/events/${slug}.webp`;
export const eventCardPath = (slug: string) => `/demo/events/${slug}-card.webp`;
export const slidePath = (key: string) => `/demo/slides/${key}.webp`;
export const partnerPath = (key: string) => `/demo/partners/${key}.webp`;
export const avatarPath = (key: string) => `/demo/community/${key}.webp`;
