/**
 * A registration body (POST /zapi/signup) with every REQUIRED field of the demo store filled in,
 * and a password; a fresh copy per call, so a test may change it.
 */
export function demoRegistrationBody() {
  return {
    familyName: "山田",
    givenName: "花子",
    familyNameKana: "ヤマダ",
    givenNameKana: "ハナコ",
    birthday: "19900401",
    postalCode: "1000001",
    prefecture: 13,
    address: "千代田区千代田1-1",
    password: "Sora2026pass",
    passwordConfirm: "Sora2026pass",
    customAssociatedInfo: [{ id: "favoriteGenre", value: "anime" }],
  };
}
