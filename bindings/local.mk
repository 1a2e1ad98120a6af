# bindings/: SWIG bindings for Python and Lua (rules added with the bindings)
