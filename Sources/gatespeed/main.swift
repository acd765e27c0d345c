// The composition root. Being built: see README.
print("gatespeed: not built yet")
