-- string functions and P8SCII control codes in strings
s="hello world"
print(sub(s,1,5),sub(s,-5),#s,s[1] or "")
print(ord(s,1),chr(104,105),tostr(true),tostr(nil),tonum("0x10"),tonum("bad"))
parts=split("a,b,,c",",",false)
print(#parts,parts[3])
print("\^w\^twide\-j\|k\+jk\*3x\#1bg")
print("\14custom font\15")
print(escape_me or "\\")
