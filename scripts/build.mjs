console.log("build: nothing yet")
