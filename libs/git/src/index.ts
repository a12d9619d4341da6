export * from "./Changes.js"
export * from "./Git.js"
export * from "./handlers.js"
export * from "./Review.js"
