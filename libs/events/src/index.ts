export * from "./EventHub.js"
