// solo serve's page: points textual-serve's terminal at this server's WebSocket (whatever name or
// proxy the page came through), bounds the font size, loads the bundled font before the terminal
// measures it, shows on the page why a game ended (the server says so in a ["solo", {message}]
// message before it closes the socket), and opens no other site. Every text shown is set as text,
// never as markup.
(function () {
  "use strict";
  var terminal = document.getElementById("terminal");
  var socketUrl = new URL("ws", window.location.href);
  socketUrl.protocol = socketUrl.protocol === "https:" ? "wss:" : "ws:";
  socketUrl.search = "";
  socketUrl.hash = "";
  terminal.dataset.sessionWebsocketUrl = socketUrl.href;
  var asked = parseInt(new URLSearchParams(window.location.search).get("fontsize") || "16", 10);
  terminal.dataset.fontSize = String(isNaN(asked) ? 16 : Math.min(40, Math.max(8, asked)));

  function tell(text) {
    document.getElementById("closed-message").textContent = text;
    document.body.classList.add("-closed");
  }

  var NativeSocket = window.WebSocket;
  function WatchedSocket(address, protocols) {
    var socket = protocols === undefined ? new NativeSocket(address) : new NativeSocket(address, protocols);
    var said = null;
    var opened = false;
    socket.addEventListener("open", function () { opened = true; });
    socket.addEventListener("message", function (event) {
      if (typeof event.data !== "string") return;
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (Array.isArray(message) && message[0] === "solo" && message[1] && typeof message[1].message === "string") {
        said = message[1].message;
      }
    });
    socket.addEventListener("close", function () {
      tell(said || (opened ? "The game ended. It was saved as it went."
                           : "This page could not reach the solo server: is it still running?"));
    });
    return socket;
  }
  WatchedSocket.prototype = NativeSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) { WatchedSocket[name] = NativeSocket[name]; });
  window.WebSocket = WatchedSocket;

  // Nothing in the game opens another site: links the terminal finds in adventure text (which is
  // untrusted) stay text, and only this server's own addresses (downloads) may open.
  var nativeOpen = window.open.bind(window);
  window.open = function (address, target, features) {
    if (typeof address !== "string" || address === "") return null;
    var wanted;
    try { wanted = new URL(address, window.location.href); } catch (error) { return null; }
    return wanted.origin === window.location.origin ? nativeOpen(wanted.href, target, features) : null;
  };

  document.getElementById("restart").addEventListener("click", function () { window.location.reload(); });

  var start = window.onload;
  window.onload = function (event) {
    var font = document.fonts && document.fonts.load
      ? document.fonts.load(terminal.dataset.fontSize + "px 'Roboto Mono'") : Promise.resolve();
    font.catch(function () {}).then(function () { if (start) start.call(window, event); });
  };
})();
