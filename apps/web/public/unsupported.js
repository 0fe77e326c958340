// biome-ignore-all lint: ES5 on purpose: this runs only in old browsers without ES modules (`nomodule`).
// The app bundle never runs there, so say so plainly, in the brand's words when it overrides them
// (spec 1 §2.6: recommend two browsers).
(function () {
  var texts = {
    'unsupported.header': 'Your browser is not supported',
    'unsupported.content':
      'To get a quote and manage your policy safely, please use an up-to-date browser. We recommend:',
    'unsupported.browser1': 'Google Chrome',
    'unsupported.browser2': 'Mozilla Firefox',
  };
  var inline = document.getElementById('forecourt-config');
  var brand = {};
  var root = document.getElementById('root');
  var key;
  try {
    brand = inline ? JSON.parse(inline.textContent).texts || {} : {};
  } catch (_e) {
    brand = {};
  }
  for (key in texts) if (brand[key]) texts[key] = brand[key];
  if (!root) return;
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return '&#' + c.charCodeAt(0) + ';';
    });
  }
  root.innerHTML =
    '<div style="max-width:584px;margin:4rem auto;padding:2rem;font-family:sans-serif"><h1>' +
    esc(texts['unsupported.header']) +
    '</h1><p>' +
    esc(texts['unsupported.content']) +
    '</p><ul><li>' +
    esc(texts['unsupported.browser1']) +
    '</li><li>' +
    esc(texts['unsupported.browser2']) +
    '</li></ul></div>';
})();
