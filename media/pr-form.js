// The Create Pull Request dialog (plain browser JS, no framework). States (SPEC part 3):
// loading -> link (remote not on GitHub) | problem | token (none stored) -> form -> created,
// and error (the form, its fields and the token kept, with the message and a way forward).
// The extension host does the work; this page talks to it only through postMessage.
(function () {
  'use strict';

  /** Where the personal access token lives (SPEC part 2): this webview's localStorage. */
  var TOKEN_KEY = 'workbench-github-token';

  var vscode = acquireVsCodeApi();
  var saved = vscode.getState() || {};

  var ctx = null; // the host's init message for a GitHub remote
  var session = null; // { account } when signed in through VS Code
  var busy = false;
  var titleEdited = !!saved.titleEdited;
  var lastError = null;
  var retryAfterPush = false;
  var createdUrl = '';
  var linkUrl = '';
  var baseEdited = !!saved.baseEdited;

  function el(id) {
    return document.getElementById(id);
  }

  var fields = {
    title: el('title'),
    body: el('body'),
    head: el('head'),
    base: el('base'),
    draft: el('draft'),
  };

  // ---- token storage -------------------------------------------------------------------------

  function readToken() {
    try {
      return (window.localStorage.getItem(TOKEN_KEY) || '').trim();
    } catch (e) {
      return '';
    }
  }

  function writeToken(token) {
    try {
      window.localStorage.setItem(TOKEN_KEY, token);
      return true;
    } catch (e) {
      return false;
    }
  }

  function forgetToken() {
    try {
      window.localStorage.removeItem(TOKEN_KEY);
    } catch (e) {
      /* nothing stored */
    }
  }

  function hasAuth() {
    return !!session || !!readToken();
  }

  // ---- the branch-to-title rule (SPEC part 2; same as src/extension/git/title.ts) -------------

  function branchToTitle(branch) {
    return String(branch || '')
      .trim()
      .replace(/^(?:feature|fix|feat|bugfix|hotfix)\//i, '')
      .replace(/[-_]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/(^|\s)(\S)/g, function (_m, sp, c) {
        return sp + c.toUpperCase();
      });
  }

  // ---- views ---------------------------------------------------------------------------------

  function setView(view, state) {
    document.body.setAttribute('data-state', state || view);
    var sections = document.querySelectorAll('section[data-view]');
    for (var i = 0; i < sections.length; i++) {
      sections[i].hidden = sections[i].getAttribute('data-view') !== view;
    }
  }

  function currentView() {
    var shown = document.querySelector('section[data-view]:not([hidden])');
    return shown ? shown.getAttribute('data-view') : 'loading';
  }

  function showForm() {
    renderAuthLine();
    renderError();
    setView('form', lastError ? 'error' : 'form');
    updateSubmit();
  }

  function showToken(replacing) {
    el('token').value = '';
    el('token-error').hidden = true;
    el('signin-error').hidden = true;
    el('token-cancel').hidden = !(replacing && hasAuth());
    el('signin-box').hidden = !(ctx && ctx.signIn);
    setView('token');
    el('token').focus();
  }

  function renderAuthLine() {
    var signedIn = !!session;
    el('auth-text').textContent = signedIn
      ? 'Signed in to GitHub as ' + session.account + ' (VS Code account).'
      : 'Using the personal access token saved in this editor.';
    el('token-replace').hidden = signedIn;
    el('token-forget').hidden = signedIn;
    el('signout').hidden = !signedIn;
  }

  function renderError() {
    var box = el('error');
    if (!lastError) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.setAttribute('data-kind', lastError.kind || '');
    el('error-message').textContent = lastError.message;
    var action = lastError.action;
    el('error-reenter').hidden = action !== 'reenter-token';
    el('error-push').hidden = action !== 'push-first';
    el('error-push').textContent = "Push '" + fields.head.value.trim() + "' first, then create";
    el('error-open').hidden = !(action === 'open-existing' && lastError.url);
    el('error-sso').hidden = !(action === 'authorize-sso' && lastError.url);
  }

  function setError(error) {
    lastError = error;
    if (currentView() === 'form' || currentView() === 'loading') showForm();
    else renderError();
  }

  function setStatus(text) {
    el('status').textContent = text || '';
  }

  function updateSubmit() {
    var ready = fields.title.value.trim() && fields.head.value.trim() && fields.base.value.trim();
    el('submit').disabled = !ready || busy || !hasAuth();
  }

  function setBusy(value, text) {
    busy = value;
    setStatus(text);
    el('error-push').disabled = value;
    updateSubmit();
  }

  function persist() {
    vscode.setState({
      head: ctx ? ctx.head : undefined,
      fields: {
        title: fields.title.value,
        body: fields.body.value,
        head: fields.head.value,
        base: fields.base.value,
        draft: fields.draft.checked,
      },
      titleEdited: titleEdited,
      baseEdited: baseEdited,
    });
  }

  function setBranches(branches) {
    var list = el('base-branches');
    while (list.firstChild) list.removeChild(list.firstChild);
    (branches || []).forEach(function (name) {
      var option = document.createElement('option');
      option.value = name;
      list.appendChild(option);
    });
  }

  // ---- messages from the extension host -------------------------------------------------------

  function onInit(msg) {
    if (msg.view === 'link') {
      linkUrl = msg.url || '';
      el('link-message').textContent = msg.message;
      el('link-open').hidden = !linkUrl;
      setView('link');
      if (linkUrl) el('link-open').focus();
      return;
    }
    if (msg.view === 'problem') {
      el('problem-message').textContent = msg.message;
      setView('problem');
      return;
    }
    ctx = msg;
    el('repo-line').textContent = msg.repo.owner + '/' + msg.repo.repo + ' on ' + msg.repo.host;
    el('repo-line').hidden = false;
    setBranches(msg.branches);
    // A webview that was hidden and shown again keeps what was typed for the same branch.
    var restore = saved.fields && saved.head === msg.head ? saved.fields : null;
    if (!restore) {
      titleEdited = false;
      baseEdited = false;
    }
    fields.title.value = restore ? restore.title : msg.title;
    fields.body.value = restore ? restore.body : '';
    fields.head.value = restore ? restore.head : msg.head;
    fields.base.value = restore ? restore.base : msg.base;
    fields.draft.checked = restore ? !!restore.draft : false;
    persist();
    if (hasAuth()) {
      showForm();
      fields.title.focus();
    } else {
      showToken(false);
    }
  }

  function onBranches(msg) {
    setBranches(msg.branches);
    // The remote's default branch replaces the guess, unless the user chose a base.
    if (!baseEdited && msg.defaultBranch && msg.defaultBranch !== fields.head.value.trim()) {
      fields.base.value = msg.defaultBranch;
      persist();
      updateSubmit();
    }
  }

  function onCreated(msg) {
    setBusy(false, '');
    lastError = null;
    createdUrl = msg.url;
    el('created-heading').textContent = 'Pull request #' + msg.number + ' created';
    el('created-url').textContent = msg.url;
    el('created-url').setAttribute('href', msg.url);
    setView('created');
    el('created-heading').focus();
  }

  function onError(msg) {
    setBusy(false, '');
    // role="alert" announces the message; focus stays where the user was.
    setError(msg.error);
  }

  function onSession(msg) {
    if (msg.account) {
      session = { account: msg.account };
      lastError = null;
      showForm();
      fields.title.focus();
      return;
    }
    session = null;
    if (msg.error) {
      el('signin-error').textContent = msg.error;
      el('signin-error').hidden = false;
      return;
    }
    if (!hasAuth()) showToken(false);
    else showForm();
  }

  function onPushed(msg) {
    setBusy(false, msg.message);
    if (retryAfterPush) {
      retryAfterPush = false;
      submit();
    }
  }

  function onPushFailed(msg) {
    retryAfterPush = false;
    setBusy(false, '');
    setError({ kind: 'push-failed', message: msg.message });
  }

  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || typeof msg !== 'object') return;
    switch (msg.type) {
      case 'init':
        return onInit(msg);
      case 'branches':
        return onBranches(msg);
      case 'created':
        return onCreated(msg);
      case 'error':
        return onError(msg);
      case 'session':
        return onSession(msg);
      case 'pushed':
        return onPushed(msg);
      case 'pushFailed':
        return onPushFailed(msg);
    }
  });

  // ---- user actions ----------------------------------------------------------------------------

  function submit() {
    updateSubmit();
    if (el('submit').disabled) return;
    var auth = session ? { kind: 'session' } : { kind: 'token', token: readToken() };
    setBusy(true, 'Creating the pull request…');
    vscode.postMessage({
      type: 'create',
      auth: auth,
      title: fields.title.value.trim(),
      body: fields.body.value,
      head: fields.head.value.trim(),
      base: fields.base.value.trim(),
      draft: fields.draft.checked,
    });
  }

  el('pr-form').addEventListener('submit', function (event) {
    event.preventDefault();
    submit();
  });

  el('token-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var token = el('token').value.trim();
    if (!token) {
      el('token-error').textContent = 'Enter a token first (it starts with ghp_ or github_pat_).';
      el('token-error').hidden = false;
      el('token').focus();
      return;
    }
    if (!writeToken(token)) {
      el('token-error').textContent = 'This editor refused to store the token (local storage is unavailable).';
      el('token-error').hidden = false;
      return;
    }
    el('token').value = '';
    session = null;
    // A new token answers a token error; any other error stays until the next try.
    if (lastError && lastError.action === 'reenter-token') lastError = null;
    showForm();
    fields.title.focus();
  });

  el('token-cancel').addEventListener('click', function () {
    el('token').value = '';
    showForm();
  });

  el('token').addEventListener('keydown', function (event) {
    if (event.key === 'Escape' && !el('token-cancel').hidden) {
      event.preventDefault();
      el('token-cancel').click();
    }
  });

  el('token-create').addEventListener('click', function (event) {
    event.preventDefault();
    if (ctx && ctx.tokenUrl) vscode.postMessage({ type: 'open', url: ctx.tokenUrl });
  });

  el('token-replace').addEventListener('click', function () {
    showToken(true);
  });

  el('token-forget').addEventListener('click', function () {
    forgetToken();
    if (hasAuth()) showForm();
    else showToken(false);
  });

  el('signin').addEventListener('click', function () {
    el('signin-error').hidden = true;
    vscode.postMessage({ type: 'signIn' });
  });

  el('signout').addEventListener('click', function () {
    session = null;
    vscode.postMessage({ type: 'signOut' });
  });

  el('error-reenter').addEventListener('click', function () {
    session = null;
    showToken(true);
  });

  el('error-push').addEventListener('click', function () {
    retryAfterPush = true;
    setBusy(true, "Pushing '" + fields.head.value.trim() + "'…");
    vscode.postMessage({ type: 'push', head: fields.head.value.trim() });
  });

  el('error-open').addEventListener('click', function () {
    if (lastError && lastError.url) vscode.postMessage({ type: 'open', url: lastError.url });
  });

  el('error-sso').addEventListener('click', function () {
    if (lastError && lastError.url) vscode.postMessage({ type: 'open', url: lastError.url });
  });

  el('created-open').addEventListener('click', function () {
    if (createdUrl) vscode.postMessage({ type: 'open', url: createdUrl });
  });

  el('created-url').addEventListener('click', function (event) {
    event.preventDefault();
    if (createdUrl) vscode.postMessage({ type: 'open', url: createdUrl });
  });

  el('link-open').addEventListener('click', function () {
    if (linkUrl) vscode.postMessage({ type: 'open', url: linkUrl });
  });

  fields.title.addEventListener('input', function () {
    titleEdited = true;
    persist();
    updateSubmit();
  });

  fields.head.addEventListener('input', function () {
    if (!titleEdited) fields.title.value = branchToTitle(fields.head.value);
    persist();
    updateSubmit();
  });

  fields.base.addEventListener('input', function () {
    baseEdited = true;
    persist();
    updateSubmit();
  });

  fields.body.addEventListener('input', persist);
  fields.draft.addEventListener('change', persist);

  // For the tests: the same title rule as the extension's.
  window.prForm = { branchToTitle: branchToTitle };

  setView('loading');
  vscode.postMessage({ type: 'ready' });
})();
