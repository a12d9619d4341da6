export * from "./EventHub.js"
export * from "./HookReports.js"
