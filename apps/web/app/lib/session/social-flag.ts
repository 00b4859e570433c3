// The social e-mail error flag (spec §5 "Sign-in", SI-18, SI-19): set when a social login comes
// back with an unverified e-mail (code 11020); sign-in then shows the e-mail verification text
// instead of its normal message. It resets when the sign-in form is left.
let flag = false;

export function setSocialEmailError(): void {
  flag = true;
}

export function hasSocialEmailError(): boolean {
  return flag;
}

export function resetSocialEmailError(): void {
  flag = false;
}
