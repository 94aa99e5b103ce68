/**
 * The reCAPTCHA actions of the calls the API protects (grecaptcha.enterprise.execute's `action`):
 * the page asks for a token under the name the API checks it under.
 */
export type RecaptchaAction = "login" | "login_code" | "signup_email";
