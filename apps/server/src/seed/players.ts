// Player-account seed data: the operator's default registration and profile forms, and two demo
// players so a fresh `npm start` has someone to sign in as (README "Accounts and sign-in").

export interface SeedFieldDescriptor {
  name: string;
  isVisible?: boolean;
  isRequired?: boolean;
  editable?: boolean;
  description?: string;
  defaultValue?: string;
}

/** Registration form (SU-10, SU-11): order is position. */
export const seedRegistrationFields: SeedFieldDescriptor[] = [
  // The e-mail tab requires email and the phone tab phone; each path ignores the other's flag.
  { name: "email", isRequired: true },
  { name: "phone", isRequired: true },
  { name: "nickname", isVisible: false },
  { name: "country", isRequired: true },
  { name: "currency", isRequired: true },
  { name: "locale", isVisible: false },
  { name: "password", isRequired: true },
  { name: "password_confirmation", isRequired: true },
  { name: "bonusCode" },
  { name: "agreements", isRequired: true },
  { name: "receiveEmailPromo" },
  { name: "receiveSmsPromo" },
];

/** Profile form (PR-01): e-mail and currency are shown but fixed. */
export const seedProfileFields: SeedFieldDescriptor[] = [
  { name: "firstName" },
  { name: "lastName" },
  { name: "nickname" },
  { name: "email", editable: false },
  { name: "phone" },
  { name: "country" },
  { name: "currency", editable: false },
  { name: "birthdate" },
  { name: "gender" },
  { name: "city" },
  { name: "address" },
  { name: "postalCode" },
  { name: "timeZone" },
  { name: "receiveEmailPromo" },
  { name: "receiveSmsPromo" },
  { name: "nationality", isVisible: false },
  { name: "additionalAddress", isVisible: false },
  { name: "profession", isVisible: false },
  { name: "language", isVisible: false },
  { name: "placeOfBirth", isVisible: false },
  { name: "personalIdNumber", isVisible: false },
  { name: "cpf_number", isVisible: false },
];

export interface SeedPlayer {
  email: string;
  password: string;
  nickname: string;
  country: string;
  currency: string;
  locale: string;
  status: 1 | 2 | 3;
}

export const DEMO_PASSWORD = "demo-password";

export const seedPlayers: SeedPlayer[] = [
  {
    email: "demo@example.com",
    password: DEMO_PASSWORD,
    nickname: "demo",
    country: "DE",
    currency: "EUR",
    locale: "en",
    status: 1,
  },
  {
    email: "blocked@example.com",
    password: DEMO_PASSWORD,
    nickname: "blocked",
    country: "DE",
    currency: "EUR",
    locale: "en",
    status: 3,
  },
];
