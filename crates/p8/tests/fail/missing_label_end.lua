-- expect: 3:1 `::` to close the label
::label
x = 1

