/** Google Tag Manager, rendered only when the store sets gtmId (validated as GTM-XXXX by the schema). */
export function GtmHead({ gtmId, nonce }: { gtmId: string; nonce: string }) {
  const snippet = `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtmId)});`;
  // The nonce lets the CSP run this inline loader; GTM's own script then loads from its allowed origin.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the official GTM loader; gtmId is schema-validated.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: snippet }} />;
}

export function GtmBody({ gtmId }: { gtmId: string }) {
  return (
    <noscript>
      <iframe
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(gtmId)}`}
        height="0"
        width="0"
        style={{ display: "none", visibility: "hidden" }}
      />
    </noscript>
  );
}
