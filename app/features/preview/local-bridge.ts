/**
 * Source of the local bridge stand-in served in local mode (no Storyblok token): it defines
 * window.StoryblokBridge with the same constructor and `on(events, callback)` as Storyblok's bridge
 * and dispatches the same event objects (`{ action: "input", story }`, `{ action: "change",
 * storyId }`, …), taken from same-origin window messages. Tests and a local editor frame post
 * those messages; with Storyblok the editor at app.storyblok.com sends them to the real bridge.
 */
export const LOCAL_BRIDGE_SOURCE = `(function () {
  "use strict";
  if (window.StoryblokBridge) return;
  function StoryblokBridge(options) {
    var self = this;
    self.options = options || {};
    self.handlers = [];
    window.addEventListener("message", function (message) {
      var parentOrigin = null;
      try { parentOrigin = window.parent !== window ? window.parent.location.origin : null; } catch (e) { parentOrigin = null; }
      if (message.origin !== window.location.origin && message.origin !== parentOrigin) return;
      var event = message.data;
      if (!event || typeof event !== "object" || typeof event.action !== "string") return;
      self.handlers.forEach(function (handler) {
        if (handler.events.indexOf(event.action) !== -1) handler.callback(event);
      });
    });
  }
  StoryblokBridge.prototype.on = function (events, callback) {
    this.handlers.push({ events: [].concat(events), callback: callback });
  };
  window.StoryblokBridge = StoryblokBridge;
})();
`;
