-- Issue 31 item 3: the demo bonuses' names and descriptions named bare amounts ("up to 200",
-- "10 cash bonus") with no currency, which a BTC or BRL player read in their own currency. The
-- seed now leaves amounts to the UI (which shows them converted, with their unit); this renames
-- the seeded rows of older databases, only where the operator has not changed the text.

UPDATE bonuses SET name = 'Welcome bonus: 100% match' WHERE slug = 'welcome-1' AND name = 'Welcome bonus: 100% up to 200';
UPDATE bonuses SET description = 'First deposit: 100% of it as a bonus, up to the cap shown in your currency. Wager it 35 times.'
  WHERE slug = 'welcome-1' AND description = 'First deposit: 100% of it as a bonus, up to 200. Wager it 35 times.';
UPDATE bonuses SET name = 'Welcome bonus: 50% match' WHERE slug = 'welcome-2' AND name = 'Welcome bonus: 50% up to 300';
UPDATE bonuses SET description = 'Second deposit: 50% of it as a bonus, up to the cap shown in your currency. Wager it 35 times.'
  WHERE slug = 'welcome-2' AND description = 'Second deposit: 50% of it as a bonus, up to 300. Wager it 35 times.';
UPDATE bonuses SET name = 'Reload: 25% match' WHERE slug = 'reload-25' AND name = 'Reload: 25% up to 100';
UPDATE bonuses SET description = '25% of the deposit as a bonus, up to the cap shown in your currency. Wager it 30 times.'
  WHERE slug = 'reload-25' AND description = '25% of the deposit as a bonus, up to 100. Wager it 30 times.';
UPDATE bonuses SET name = 'Cash bonus' WHERE slug = 'cash-10' AND name = '10 cash bonus';
UPDATE bonuses SET description = 'Deposit the minimum shown or more and get the bonus money shown, in your currency. Wager it 20 times.'
  WHERE slug = 'cash-10' AND description = 'Deposit 50 or more and get 10 bonus money. Wager it 20 times.';
UPDATE bonuses SET name = 'Free bonus money' WHERE slug = 'no-deposit-5' AND name = '5 free bonus money';
UPDATE bonuses SET description = 'Code WELCOME5: bonus money at once. Wager it 40 times; the largest bet is shown with it.'
  WHERE slug = 'no-deposit-5' AND description = 'Code WELCOME5: 5 bonus money at once. Wager it 40 times, 2 at most a bet.';
UPDATE bonuses SET name = 'Code bonus: 50% match' WHERE slug = 'code-deposit-50' AND name = 'Code bonus: 50% up to 100';
UPDATE bonuses SET description = 'Code DEPOSIT50: 50% of the next deposit, up to the cap shown in your currency. Wager it 30 times.'
  WHERE slug = 'code-deposit-50' AND description = 'Code DEPOSIT50: 50% of the next deposit, up to 100. Wager it 30 times.';
