// The home route's entry into this feature: only what the first screen needs (no Dexie, no
// zod, no chart), so it stays within the first route's budget.
export { HomeQuotes } from './components/HomeQuotes';
