// The silent sign-in frame's landing page: hands the identity provider's answer (in this page's URL) to the
// app that opened the frame, the way oidc-client-ts's signinSilentCallback does, without loading the whole
// app a second time inside the frame. Use it as the UserManager's silent_redirect_uri.
if (window.parent && window.parent !== window) {
  window.parent.postMessage(
    { source: 'oidc-client', url: window.location.href, keepOpen: false },
    window.location.origin,
  );
}
